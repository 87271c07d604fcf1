import { startShell } from './main';

// The only place the shell reads its process's arguments and environment.
startShell(process.argv, process.env);
