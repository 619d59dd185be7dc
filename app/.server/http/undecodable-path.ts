/**
 * A request target whose path cannot be decoded (`/%`, `/%ZZ`, a cut UTF-8 escape such as
 * `/blog/%E0%A4%A`) comes back with every `%` of its path escaped (`%25`): the path then names
 * what was asked, literally, matches no page and gets the site's translated 404, as before. React
 * Router logged four lines for each such request ("could not be decoded"): a log anyone could
 * fill from outside. Any other target comes back as it is.
 */
export function decodableTarget(target: string): string {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (!path.includes("%")) return target;
  try {
    decodeURIComponent(path);
    return target;
  } catch {
    return path.replaceAll("%", "%25") + (query === -1 ? "" : target.slice(query));
  }
}
