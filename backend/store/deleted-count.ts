import type { DeleteResult } from 'kysely';

/** How many rows a delete removed (none when the driver reports no result). */
export const deletedCount = (result: DeleteResult | undefined): number => Number(result?.numDeletedRows ?? 0);
