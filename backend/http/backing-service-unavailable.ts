/**
 * Whether an error means a service the server depends on cannot be reached for now: the database
 * (a restart, a failover, a dropped network, a full connection table) or the object store's
 * socket, as opposed to a fault in the query or the data. Those are answered 503 with Retry-After:
 * the request did nothing and can be sent again in a moment.
 */

/** SQLSTATE classes and codes of a database that is going, gone or not there yet. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

/** Errors of the socket under a connection. */
const UNAVAILABLE_SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres says these in words only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export function isBackingServiceUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const { code, message, errors } = cause as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSTEM_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.includes(words))) return true;
    // A connection attempt to every address of a host name fails as one AggregateError.
    if (Array.isArray(errors) && errors.length > 0 && errors.every((each) => isBackingServiceUnavailable(each))) return true;
  }
  return false;
}
