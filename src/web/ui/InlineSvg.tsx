/**
 * A picture drawn as SVG markup in the page instead of an <img>. For a browser each SVG <img> is a
 * document of its own (its own page, parse, style, layout and paint: 10-20 ms of a phone's main
 * thread each, before the page can respond); markup in the page is drawn with the page. For the
 * few small pictures of the first screen; the markup comes from our own files in public/images at
 * build time (scripts/inlinePictures.ts), never from a user.
 */
export interface InlinePicture {
  /** The picture's viewBox, as in its file. */
  viewBox: string;
  /** What is inside the file's <svg> element. */
  markup: string;
}

interface Props {
  picture: InlinePicture;
  width: number;
  height: number;
  /** What the picture shows; without it the picture is decoration, hidden from assistive tech. */
  label?: string;
  className?: string;
}

export function InlineSvg({ picture, width, height, label, className }: Props) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={picture.viewBox}
      width={width}
      height={height}
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      // Our own files' markup, fixed at build time (see above).
      dangerouslySetInnerHTML={{ __html: picture.markup }}
    />
  );
}
