/** The two stores the backend runs on: SQLite embedded (one instance), PostgreSQL (a fleet). Its own module, so the migrations can name it without importing the store that runs them. */
export type Dialect = 'sqlite' | 'postgres';
