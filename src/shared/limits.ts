/** Business constants and limits of SPEC section 9: the one source for the SPA and the server. */
export const LIMITS = {
  imagesPerTask: 12,
  imageMaxBytes: 4 * 1024 * 1024,
  photoMaxBytes: 2048 * 1024,
  titleMin: 5,
  titleMax: 255,
  descriptionMin: 5,
  descriptionMax: 1000,
  feedbackMin: 5,
  feedbackMax: 1000,
  reportMax: 5000,
  offerDescriptionMin: 5,
  chatMessageMax: 2000,
  /** Public questions on a task and their answers (issue 20). */
  questionMin: 5,
  questionMax: 1000,
  answerMax: 1000,
  locationsPerTask: 10,
  /** A place's address and its city, stored and indexed (issue 14: a 900 KB address was taken). */
  addressMax: 255,
  cityMax: 255,
  /** The task list's text search. */
  searchMax: 200,
  budgetMin: 0,
  budgetMax: 500000,
  budgetSliderMax: 5000,
  budgetSliderInitial: 2500,
  budgetSliderStep: 10,
  rateMin: 1,
  rateMax: 5,
} as const;

export const TOP_CATEGORY_IDS = [1, 11, 130, 149] as const;

/** Categories with a localised picture (SPEC section 3). */
export const PICTURED_CATEGORY_IDS = [
  1, 11, 31, 42, 56, 64, 74, 85, 96, 103, 111, 130, 138, 149, 155, 175,
] as const;

export const MAP = {
  defaultDistanceKm: 150,
  startZoom: 7,
  pinWidth: 30,
  pinQuality: 50,
} as const;

/** Zoom by distance in km (SPEC section 9): 90 or more: 6; 50: 7; 30: 8; 20: 9; 0: 10; else 7. */
export function zoomForDistance(km: number | null | undefined): number {
  if (km === null || km === undefined || !Number.isFinite(km)) return MAP.startZoom;
  if (km >= 90) return 6;
  if (km === 50) return 7;
  if (km === 30) return 8;
  if (km === 20) return 9;
  if (km === 0) return 10;
  return MAP.startZoom;
}

export const DATE_DISPLAY_FORMAT = 'DD.MM.YYYY HH:mm';
