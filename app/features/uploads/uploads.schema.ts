/** 50 MB: the server refuses larger uploads, and the browser checks first so nobody waits for a refusal. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
