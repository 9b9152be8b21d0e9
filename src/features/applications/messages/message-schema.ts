import { z } from 'zod';
import { BUCKET_RULE, type FileRule } from '../file-sniff.ts';

export const MESSAGE_MAX_LENGTH = 5000;

/** The message form: the same rules as post_application_message, checked before anything is sent. */
export const messageFormSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a message before sending it.')
    .max(MESSAGE_MAX_LENGTH, `The message can be ${MESSAGE_MAX_LENGTH} characters at most.`),
});
export type MessageFormInput = z.infer<typeof messageFormSchema>;

/** Attachments follow the document bucket's rule: PDF, JPEG or PNG up to 10 MB. */
export const ATTACHMENT_RULE: FileRule = BUCKET_RULE;
