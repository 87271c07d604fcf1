/**
 * Clears what the page itself can reach of the application's data in this browser: local and
 * session storage, the readable cookies, Cache Storage, IndexedDB and service workers. The kiosk
 * does it at every ending before asking the shell for its reset, so the next person finds nothing
 * even when the shell's wipe is late or a shell without one runs the page. The HttpOnly session
 * cookie is the server's to end (the logout before this) and the shell's to wipe.
 */
export async function clearSiteData(scope: Window = window): Promise<void> {
  const steps: Promise<unknown>[] = [];
  try {
    scope.localStorage.clear();
    scope.sessionStorage.clear();
  } catch {
    // Storage turned off: nothing was kept there.
  }
  for (const cookie of scope.document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) scope.document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  if ('caches' in scope) steps.push(scope.caches.keys().then((keys) => Promise.all(keys.map((key) => scope.caches.delete(key)))));
  const { indexedDB, navigator } = scope;
  if (indexedDB && typeof indexedDB.databases === 'function') {
    steps.push(indexedDB.databases().then((databases) => Promise.all(databases.map(({ name }) => name && deleteDatabase(indexedDB, name)))));
  }
  if ('serviceWorker' in navigator) {
    const registrations = navigator.serviceWorker.getRegistrations();
    steps.push(registrations.then((all) => Promise.all(all.map((registration) => registration.unregister()))));
  }
  // Each store is cleared as far as it can be; one that fails does not keep the others.
  await Promise.allSettled(steps);
}

function deleteDatabase(indexedDB: IDBFactory, name: string): Promise<unknown> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = resolve;
  });
}
