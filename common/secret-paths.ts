import { RECOMMEND_PAGE_PREFIX, recommendationPaths } from './recommendation-api';

/**
 * The paths that carry a secret: a recommender's link and calls hold their token in the path (the
 * token alone opens the letter's page). Every other secret travels in a query string or a body.
 */
const SECRET_SEGMENT_PREFIXES = [RECOMMEND_PAGE_PREFIX, recommendationPaths.recommender.replace(':token', '')] as const;

/** What a log writes in place of a path's secret. */
export const LOGGED_SECRET = ':token';

/**
 * A path as a log may hold it: the segment a recommender's token fills replaced by ':token', the
 * rest as sent (the prefixes are matched whatever their case, as the routers match them).
 */
export function loggablePath(path: string): string {
  const lower = path.toLowerCase();
  for (const prefix of SECRET_SEGMENT_PREFIXES) {
    if (!lower.startsWith(prefix)) continue;
    const end = path.indexOf('/', prefix.length);
    return `${path.slice(0, prefix.length)}${LOGGED_SECRET}${end === -1 ? '' : path.slice(end)}`;
  }
  return path;
}
