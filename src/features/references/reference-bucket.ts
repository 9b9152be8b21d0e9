/** The private bucket of referees' PDFs, at `<request id>/<uuid>-<safe name>`; only the app server writes it. */
export const REFERENCE_BUCKET = 'reference-letters';
