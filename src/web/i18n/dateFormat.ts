/**
 * A local date as DD.MM.YYYY HH:mm (DATE_DISPLAY_FORMAT in src/shared/limits), the same string
 * moment(date).format(DATE_DISPLAY_FORMAT) gives, without loading moment on the pages that show it.
 */
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function formatDisplayDateTime(date: Date): string {
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${pad(date.getFullYear(), 4)} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}
