import { string } from 'yup';
import { yupChecks } from './generic-rules';

// yup's e-mail and URL checks for the rules that name them (generic-rules.ts), installed as the
// validation loads: the schema builder imports this module.
const emailSchema = string().email();
const urlSchema = string().url();
yupChecks.email = (value) => emailSchema.isValidSync(value);
yupChecks.url = (value) => urlSchema.isValidSync(value);
