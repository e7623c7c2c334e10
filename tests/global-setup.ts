import { prepareTemplates } from './support/databases';

/** Seeds the template databases (and generates the shared images) once, before any test file runs. */
export default async function setup() {
  await prepareTemplates();
}
