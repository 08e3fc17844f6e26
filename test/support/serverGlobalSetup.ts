/** Jest globalSetup (server project): make the migrated-schema dump before any suite starts. */
import { ensureSchemaDump } from './serverSchema';

export default async function globalSetup(): Promise<void> {
  await ensureSchemaDump();
}
