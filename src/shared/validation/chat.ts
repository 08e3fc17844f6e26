/**
 * A chat message (issue 5 'Chat'): plain text, 1..2000 characters, stored and shown as typed (never
 * trimmed or rendered as HTML). Whitespace-only and NUL characters (PostgreSQL text cannot hold
 * them) are refused. One schema for the SPA's text box and POST /api/chat/conversations/:uuid/messages.
 */
import * as yup from 'yup';
import { LIMITS } from '../limits';
import { ref, validationMessages as m } from './messages';

export const CHAT_MESSAGE_MAX = LIMITS.chatMessageMax;

export const chatMessageSchema = yup.object({
  body: yup
    .string()
    .strict()
    .typeError(ref(m.invalid))
    .required(ref(m.required))
    .test('not-blank', ref(m.required), (value) => value === undefined || value.trim() !== '')
    .max(CHAT_MESSAGE_MAX, ref(m.maxLength, { max: CHAT_MESSAGE_MAX }))
    .test('no-nul', ref(m.invalid), (value) => value === undefined || !value.includes('\u0000')),
});

export type ChatMessageForm = yup.InferType<typeof chatMessageSchema>;
