/** Row types of the lookups (backend/lookups: schools and addresses, see migration 003). */
export interface LookupCategoriesTable {
  category: string;
  /** The id the next record written to the category gets. */
  next_id: number;
  /** Where the data came from: the seed package and version, or the imported file. */
  source: string;
  updated_at: number;
}

/** A school or an address; empty strings for fields the data does not have. */
export interface LookupRecordsTable {
  category: string;
  /** Unique within the category; ids are never reused by later imports. */
  id: number;
  /** School (CEEB) code, or '' when the data has none. */
  code: string;
  name: string;
  address_line_1: string;
  city: string;
  /** Full state or province name, as the answers store it. */
  state: string;
  zip: string;
  /** ISO alpha-3 code, or '' when unknown. */
  country: string;
  /** The search result's label and second line. */
  text: string;
  sub_text: string;
}

/** One row per distinct normalized word of a record (see migration 003). */
export interface LookupTokensTable {
  category: string;
  token: string;
  record_id: number;
  norm_name: string;
  sort_key: string;
  /** Every token of the record, each preceded by a space. */
  words: string;
}

export interface LookupTables {
  lookup_categories: LookupCategoriesTable;
  lookup_records: LookupRecordsTable;
  lookup_tokens: LookupTokensTable;
}
