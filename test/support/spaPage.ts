/** The server-rendered SPA page in server tests: the template public/index.html, and readers. */
import fs from 'node:fs';
import path from 'node:path';

// The real template (the build copies it to dist/index.html): its placeholders, title and html lang.
export const SPA_TEMPLATE = fs.readFileSync(
  path.join(__dirname, '../../public/index.html'),
  'utf8',
);

/** What the server wrote into <div id="root"> (a first paint, or nothing). */
export const rootOf = (html: string): string => {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html);
  if (!match) throw new Error('no #root');
  return match[1];
};

export const headOf = (html: string): string => html.slice(0, html.indexOf('</head>'));

/** The JSON of <script id="talka-data">. */
export function embeddedData<T>(html: string): T {
  const match = /<script id="talka-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no talka-data script');
  return JSON.parse(match[1]) as T;
}

interface EmbeddedQuery {
  endpointName?: string;
  originalArgs?: unknown;
  status?: string;
  data?: unknown;
  error?: { status?: unknown };
}

/** The API answers a server-rendered page embeds (#talka-data `hydration`), by endpoint. */
export function embeddedQueries(html: string): EmbeddedQuery[] {
  const data = embeddedData<{ hydration?: { api?: { queries?: Record<string, EmbeddedQuery> } } }>(
    html,
  );
  return Object.values(data.hydration?.api?.queries ?? {});
}

/** The data of the first embedded answer of an endpoint (undefined when it did not run or failed). */
export function embeddedAnswer<T>(html: string, endpointName: string): T | undefined {
  const query = embeddedQueries(html).find((q) => q.endpointName === endpointName);
  return query?.data as T | undefined;
}
