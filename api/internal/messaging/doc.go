// Package messaging is Sojourn's conversations: one-to-one (one per pair of
// people and subject; starting again returns it) and groups (a title, members
// added by their creator), optionally about something another domain owns (an
// order, a booking, a tour), shown as a card read through that domain's
// Source.
//
// Tables (migration 0050): messaging_conversations, messaging_members,
// messaging_messages, messaging_attachments, messaging_reactions,
// messaging_settings, messaging_reports.
//
// Rules:
//   - Only members read a conversation or its attachments; anyone else gets
//     404. Starting a conversation asks the social Gate (CanMessage) for each
//     other member; sending asks it again in a one-to-one conversation, so a
//     block stops the conversation at once.
//   - Messages are numbered per conversation: the send's transaction bumps
//     the conversation's last_seq (a conditional update the database
//     serialises), so parallel sends get distinct, ordered numbers. Lists
//     page older by cursor and resume newer with ?after=<message id>.
//   - A sender edits or deletes their own message within EditWindow (15
//     minutes), decided by a conditional update on sent_at.
//   - Reading moves the member's last_read_seq (never backwards); the
//     receipt others see (receipt_seq) moves with it unless the reader turned
//     receipts off (messaging_settings). Unread counts are the messages of
//     others after last_read_seq.
//   - Contact relay: people appear by display name and avatar only.
//   - Each send inserts, in its transaction, an UnreadMailJob per other
//     member, unique per (conversation, member) while pending, 15 minutes
//     later: if the member still has unread messages it emits one
//     events.Event (category messages, email only); mailed_seq keeps it to
//     once per burst.
//   - Realtime pushes after commit: message.new, message.updated,
//     message.read, conversation.updated; the frame "typing" is checked for
//     membership and relayed.
//
// Reports of messages are moderated at /admin/messaging/reports (dismiss, or
// remove the message).
package messaging
