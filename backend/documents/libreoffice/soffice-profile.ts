import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** One setting of LibreOffice's configuration registry, as registrymodifications.xcu writes it. */
interface Setting {
  path: string;
  name: string;
  type: 'boolean' | 'int';
  value: boolean | number;
}

/**
 * What a conversion's profile changes from LibreOffice's defaults. The sandbox has no network, so
 * these are the second fence, not the only one: macros are never run (a Word package can carry a
 * VBA project, which LibreOffice loads and can execute), links to other files and URLs are not
 * fetched when the document is loaded, and a document is never trusted to make requests.
 */
const SETTINGS: readonly Setting[] = [
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'DisableMacrosExecution', type: 'boolean', value: true },
  // 3: "very high", only macros from trusted locations, of which there are none.
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'MacroSecurityLevel', type: 'int', value: 3 },
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'BlockUntrustedRefererLinks', type: 'boolean', value: true },
  // Word's VBA project is neither loaded as Basic nor made executable.
  { path: '/org.openoffice.Office.Writer/Filter/Import/VBA', name: 'Load', type: 'boolean', value: false },
  { path: '/org.openoffice.Office.Writer/Filter/Import/VBA', name: 'Executable', type: 'boolean', value: false },
  // 0: links (linked pictures, included files) are never updated (sw/inc/linkenum.hxx: NEVER).
  { path: '/org.openoffice.Office.Writer/Content/Update', name: 'Link', type: 'int', value: 0 },
  // A warm soffice converts many applicants' documents (warm-office.ts): it keeps no list of the
  // documents it opened (recent documents, their thumbnails), no recovery copy and no backup.
  { path: '/org.openoffice.Office.Common/History', name: 'PickListSize', type: 'int', value: 0 },
  { path: '/org.openoffice.Office.Common/History', name: 'Size', type: 'int', value: 0 },
  { path: '/org.openoffice.Office.Common/History', name: 'RecentDocsThumbnail', type: 'boolean', value: false },
  { path: '/org.openoffice.Office.Recovery/AutoSave', name: 'Enabled', type: 'boolean', value: false },
  { path: '/org.openoffice.Office.Recovery/RecoveryInfo', name: 'Enabled', type: 'boolean', value: false },
  { path: '/org.openoffice.Office.Common/Save/Document', name: 'CreateBackup', type: 'boolean', value: false },
];

function registryItem({ path: itemPath, name, type, value }: Setting): string {
  return `<item oor:path="${itemPath}"><prop oor:name="${name}" oor:op="fuse" oor:type="xs:${type}"><value>${String(value)}</value></prop></item>`;
}

/**
 * A fresh LibreOffice user profile in `dir` (nothing shared between conversions: no lock, no
 * cache, no recovery data of another applicant's document) with the settings above; returns the
 * value of soffice's -env:UserInstallation.
 */
export async function writeSofficeProfile(dir: string): Promise<string> {
  const user = path.join(dir, 'user');
  await fs.mkdir(user, { recursive: true });
  const xcu =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
    SETTINGS.map(registryItem).join('\n') +
    '\n</oor:items>\n';
  await fs.writeFile(path.join(user, 'registrymodifications.xcu'), xcu);
  return pathToFileURL(dir).href;
}
