import { lazy } from 'react';

/**
 * The dialog (./Modal) for a first load that only may open one: loaded when one first opens,
 * inside a `<Suspense>` of the caller's (ConfirmModal, the category sidebar's small-screen
 * dialog). What opens later loads later: a visitor's task page does not download the owner's
 * delete confirmation (issue 15, sizes). Forms and wizards that are lazy themselves import
 * ./Modal directly.
 */
export const LazyModal = lazy(() =>
  import(/* webpackChunkName: "modal" */ './Modal').then((module) => ({ default: module.Modal })),
);
