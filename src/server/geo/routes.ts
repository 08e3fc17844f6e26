/**
 * GET /geo/search?q=&lat=&lng=  -> { data: Place[] }
 * GET /geo/reverse?lat=&lng=    -> { data: Place | null }
 * The prefix (/api) is applied by whoever registers the plugin. Search is limited to the
 * configured countries (GEO_COUNTRIES); its area is about 0.5 degrees around the given point (the
 * user's last place), or else the base point of the request's language (GEO_LANGUAGE_BASES:
 * Tallinn for et, Vilnius for lt) or the configured base (Rīga): places there come first
 * (SPEC section 5 'Address input'). A too long q is a 422 with a field error, as any bad input.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import type { ServerConfig } from '../../../config';
import { ADDRESS_QUERY_MAX } from '../../shared/places';
import { isLocale, type Locale } from '../../shared/locales';
import { isMessageRef, ref, validationMessages as m } from '../../shared/validation/messages';
import { localeFromHeader, translate } from '../i18n';
import { knownFields } from '../validate';
import { GeocoderError, type Geocoder } from './types';

export interface GeoRoutesOptions {
  geocoder: Geocoder;
  config: ServerConfig;
}

export const QUERY_MAX = ADDRESS_QUERY_MAX;

/** '' and absent are 'not given'; anything else must be a number in range. */
const coordinate = (limit: number) =>
  yup
    .number()
    .transform((value: number, original: unknown) =>
      original === '' || original === undefined || original === null ? undefined : value,
    )
    .typeError(ref(m.invalid))
    .min(-limit, ref(m.invalid))
    .max(limit, ref(m.invalid));

const single = (value: unknown): unknown =>
  Array.isArray(value) ? value[value.length - 1] : value;

const searchSchema = yup.object().shape(
  {
    q: yup
      .string()
      .transform((value: unknown, original: unknown) =>
        typeof single(original) === 'string' ? String(single(original)).trim() : value,
      )
      .required(ref(m.required))
      .max(QUERY_MAX, ref(m.maxLength, { max: QUERY_MAX })),
    lat: coordinate(90).when('lng', {
      is: (lng: unknown) => lng !== undefined,
      then: (s) => s.required(ref(m.required)),
    }),
    lng: coordinate(180).when('lat', {
      is: (lat: unknown) => lat !== undefined,
      then: (s) => s.required(ref(m.required)),
    }),
    limit: yup
      .number()
      .transform((value: number, original: unknown) => (original === '' ? undefined : value))
      .typeError(ref(m.invalid))
      .integer(ref(m.invalid))
      .min(1, ref(m.invalid))
      .max(20, ref(m.invalid)),
  },
  [['lat', 'lng']],
);

const reverseSchema = yup.object({
  lat: coordinate(90).required(ref(m.required)),
  lng: coordinate(180).required(ref(m.required)),
});

function localeOf(request: FastifyRequest): Locale {
  return isLocale(request.locale)
    ? request.locale
    : localeFromHeader(request.headers['accept-language']);
}

function flatQuery(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof query === 'object' && query !== null) {
    for (const [key, value] of Object.entries(query)) out[key] = single(value);
  }
  return out;
}

/** 422 { message, errors } in the request's language, as the app's error handler shapes it. */
function sendInvalid(request: FastifyRequest, reply: FastifyReply, err: yup.ValidationError) {
  const locale = localeOf(request);
  const errors: Record<string, string[]> = {};
  for (const leaf of err.inner.length > 0 ? err.inner : [err]) {
    const raw: unknown = leaf.errors[0];
    const message = isMessageRef(raw) ? raw : ref(m.invalid);
    const field = leaf.path || '_';
    const text = translate(locale, message.id, message.values);
    if (!(errors[field] ??= []).includes(text)) errors[field].push(text);
  }
  return reply.code(422).send({ message: translate(locale, 'errors.validation_failed'), errors });
}

const geoRoutes: FastifyPluginAsync<GeoRoutesOptions> = async (app, opts) => {
  const { geocoder, config } = opts;
  // A listening server loads the gazetteer now, not on a user's first address search (~1 s).
  app.addHook('onListen', async () => {
    geocoder.warmUp?.().catch((err: unknown) => app.log.warn({ err }, 'geocoder warm-up failed'));
  });
  const countries = config.geoCountries;
  /** The search's base point when the client gives none: by the UI language, else the default. */
  const baseFor = (locale: Locale): { lat: number; lng: number } =>
    config.geoLanguageBases[locale] ?? {
      lat: config.public.geoBaseLat,
      lng: config.public.geoBaseLng,
    };

  async function answer<T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>) {
    try {
      return { data: await run() };
    } catch (err) {
      if (!(err instanceof GeocoderError)) throw err;
      request.log.warn({ err }, 'geocoder failed');
      return reply.code(502).send({ message: translate(localeOf(request), 'errors.server_error') });
    }
  }

  app.get('/geo/search', async (request, reply) => {
    let query: yup.InferType<typeof searchSchema>;
    try {
      query = await searchSchema.validate(knownFields(searchSchema, flatQuery(request.query)), {
        abortEarly: false,
        stripUnknown: true,
      });
    } catch (err) {
      if (err instanceof yup.ValidationError) return sendInvalid(request, reply, err);
      throw err;
    }
    const locale = localeOf(request);
    const base =
      query.lat !== undefined && query.lng !== undefined
        ? { lat: query.lat, lng: query.lng }
        : baseFor(locale);
    return answer(request, reply, () =>
      geocoder.search({
        text: query.q,
        ...base,
        countries,
        language: locale,
        limit: query.limit,
      }),
    );
  });

  app.get('/geo/reverse', async (request, reply) => {
    let query: yup.InferType<typeof reverseSchema>;
    try {
      query = await reverseSchema.validate(knownFields(reverseSchema, flatQuery(request.query)), {
        abortEarly: false,
      });
    } catch (err) {
      if (err instanceof yup.ValidationError) return sendInvalid(request, reply, err);
      throw err;
    }
    return answer(request, reply, () =>
      geocoder.reverse({ lat: query.lat, lng: query.lng, language: localeOf(request) }),
    );
  });
};

export default geoRoutes;
