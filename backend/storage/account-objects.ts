/**
 * The folders of the object store whose keys start with an account's id
 * (`<folder>/<account id>/...`): its uploads, the PDFs they were converted to, and its application
 * PDFs. Every object of an account is under one of them, so deleting an account removes these.
 */
export const accountObjectFolders = {
  uploads: 'uploads',
  converted: 'converted',
  applicationPdfs: 'application-pdfs',
} as const;

/** Where the account's objects of one folder begin. */
export const accountObjectPrefix = (folder: keyof typeof accountObjectFolders, accountId: string) => `${accountObjectFolders[folder]}/${accountId}/`;

/** Every prefix under which an account's objects are. */
export const accountObjectPrefixes = (accountId: string): string[] => Object.values(accountObjectFolders).map((folder) => `${folder}/${accountId}/`);
