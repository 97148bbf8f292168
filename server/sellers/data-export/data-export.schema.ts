import { z } from 'zod';

/** One export of the signed-in seller, by its id (the download). */
export const dataExportIdSchema = z.object({ exportId: z.string().trim().min(1).max(100) });
export type DataExportIdInput = z.infer<typeof dataExportIdSchema>;
