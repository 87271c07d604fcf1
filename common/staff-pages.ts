// The admissions office's pages in the renderer: the router reads them with a visitor's first
// paint, so they live apart from the staff API's paths and types (staff-api.ts).

/** The staff pages of the renderer; the invitation link opens `enrol` with `?id=`. */
export const staffPages = {
  inbox: '/staff',
  login: '/staff/login',
  enrol: '/staff/enrol',
  /** One application's print view (`:id` as in the inbox). */
  application: '/staff/applications/:id',
  accessLog: '/staff/access-log',
  deletionRequests: '/staff/deletion-requests',
  dataExpiry: '/staff/data-expiry',
} as const;
