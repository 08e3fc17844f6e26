/** Image uploads: content sniffing, re-encoding with sharp, files under the uploads folder. */
export {
  DEFAULT_MAX_PIXELS,
  inspectImage,
  looksLikeSvg,
  sniffFormat,
  type ImageFormat,
  type ImageRejection,
  type InspectOptions,
  type InspectResult,
} from './inspect';
export {
  createStorage,
  ImageRejectedError,
  isSafeRelative,
  PROFILE_PHOTO,
  rejectionMessage,
  STAGING_DIR,
  TASK_IMAGE,
  type RecoveryReport,
  type SavedTaskImage,
  type Storage,
  type StorageOptions,
} from './storage';
