// Package clientnotes keeps a provider's records about their clients: private
// session notes and the documents clients share with them.
//
// # Privacy
//
//   - A provider reaches a client's records only if the client booked one of
//     the provider's profiles (bookings.HasClient over practice's
//     ProvidersOfUser); anyone else gets 404, as if the client did not exist.
//   - Notes are visible to their author only: the queries filter by author,
//     so another provider of the same client sees none of them (404 for one
//     named by id), and the client never sees them (the routes are
//     provider-only by policy).
//   - Every read of notes, a list or one note, and every download of a shared
//     document by a provider, writes an audit entry (client_note.list,
//     client_note.read, client_document.read; creations and changes too) in
//     the transaction that reads, with the client as the entry's subject.
//   - Shared documents are stored in the database, not under the public
//     /media files, and leave only through routes that check who asks, as
//     attachments of type application/octet-stream.
//
// # Tables (migration 0015_client_notes)
//
//	client_notes      author, client, optional booking, SOAP parts (subjective, objective, assessment,
//	                  plan) and free text
//	client_documents  one document a client shared through a booking: title, type, size, bytes
//
// # Documents
//
// The booking's user uploads an image (through images.Processor: checked by
// its bytes and pixel count, at most 40 megapixels, re-encoded without
// metadata) or a PDF (recognised by its magic bytes), at most 5 MB, at most
// 10 per booking, to a paid booking (not a hold).
//
// # API
//
//	New(Config{DB, Clock, Log, Practice, Bookings, Audit, Images}) (*Service, error)
//
// Routes: GET/POST /practice/clients/{userId}/notes, GET/PATCH
// /practice/clients/{userId}/notes/{id}, GET /practice/clients/{userId}/documents
// (+ /{id}/file), POST /bookings/{id}/documents, GET /me/documents (+ /{id}/file).
// Lists are keyset cursors.
package clientnotes
