// Package support runs help tickets from every portal and the admins'
// support console.
//
// Tables (migration 0060; TEXT statuses validated in Go):
//
//	support_tickets         one request for help: requester (or, from the contact form, a visitor's name and email),
//	                        the portal it came from, category, priority, status, the linked item (kind, id and the
//	                        label its owning domain gave), assignee, first_response_at, solved_at, closed_at,
//	                        breach_notified_at, the requester's rating and comment
//	support_messages        the conversation: the requester's messages, admins' replies and internal notes (admins
//	                        only: the requester's reads filter them out in SQL)
//	support_faqs            the FAQs admins edit, read by anyone (/faqs and while writing a ticket)
//	support_canned_replies  answers admins reuse
//
// Linking. A ticket may be about one of the requester's own items. Each kind is a Linkable answered by the domain
// that owns it, wired in app (support never reads another domain's tables): Recent (the caller's latest items),
// Describe (the item when it is the caller's, else that domain's 404), Actions (what an admin may do to it in its
// state now) and Run (do it through the owning service, which writes its own audit row). Shop orders are the one kind
// today (app/support.go: the buyer's MyOrders/MyOrder; refund_order is shop's AdminRefund of what is left, to the
// buyer's wallet, offered only while the order is paid or partly refunded with something left).
//
// States. open (waiting on Sojourn) -> pending (waiting on the requester; an admin's reply moves an open ticket
// here) -> solved -> closed. The requester replying to a pending or solved ticket opens it again; closed is final
// (a reply is 409: open a new ticket). Admins move tickets by CanMove; each change is a conditional update on the
// status read (409 if it moved meanwhile) and is audit-logged (support_ticket.update). The support.autoclose chore
// (hourly) closes tickets solved AutoCloseAfter (7 days) ago. A rating (1-5 and a comment) is taken once, on a
// solved or closed ticket.
//
// SLA. Targets per priority (Targets: first response and resolution, from creation) are computed from the
// timestamps (ComputeSLA), shown to admins only; ?breached=true lists active tickets past a target, and the
// support.sla chore (every 5 minutes) marks each newly breached ticket once (breach_notified_at) and tells its
// assignee, or every admin when unassigned.
//
// Privacy. Someone else's ticket answers 404 as if it did not exist; internal notes, the SLA and the assignee never
// reach the requester; staff appear to the requester by first name as "Sojourn support".
//
// Notifications (events.Emitter in the transaction of the change): admins are told of new tickets
// (support.ticket_new), the requester of admins' replies (support.reply) and status changes (support.status), the
// assignee of the requester's replies, admins of SLA breaches (support.sla_breach).
//
// The contact form. contact hands each new message to support (contact.Tickets, in contact's transaction): it becomes
// a ticket of portal "contact" (a signed-in sender is its requester). Migration 0060 made tickets of the contact
// messages still open when it ran; handled ones stay in contact_messages only. The admin contact-messages API remains;
// the admin portal's console replaced its inbox page.
//
// Not built yet: attachments on messages; Linkables beyond shop orders (bookings, rentals, payments and wallet
// transactions, gift cards, provider listings) and their actions (cancel or reschedule a booking, resend a gift card).
package support
