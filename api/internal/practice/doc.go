// Package practice is the provider side of the booking kernel: one provider
// profile per user and provider kind (the kind is the role name: therapist,
// coach now; tour_guide, car_rental and car_dealer later), its media,
// credentials and their admin verification, offerings, the weekly schedule,
// date overrides, booking limits, and the public directory.
//
// Tables (migration 0012_practice): practice_providers (the profile, its
// weekly schedule as JSON, the derived directory columns), practice_tags
// (specialties and languages, for the directory's filters), practice_media,
// practice_offerings, practice_overrides; and (0018_admin_kernel)
// practice_licence_documents and practice_providers.suspension_reason.
//
// A practice's public name (Card, Provider, the admin list and OwnProfile's
// display_name) is its business_name when set (migration 0034: the trading
// name of a dealership, a rental company, a tour business; PUT profile's
// business_name sets it, "" clears it, absent keeps it), else the name of
// the person behind it; OwnProfile also carries business_name itself.
//
// Licence documents (documents.go) are scans or photos of the licence: an
// image through images.Processor (at most 5 MB and 40 megapixels, re-encoded
// without metadata, longest side 2400, with a 320-pixel preview), at most 5
// per profile, added and removed by their owner while the licence is not
// verified (a document added to a rejected licence sends it back to
// pending). They are private: their bytes live in the table, not under the
// public /media files, and leave only through GET
// /practice/licence/documents/{id}/file (the owner; anyone else 404) and GET
// /admin/providers/{id}/licence/documents/{docId}/file (admins; each read
// audited as provider.licence_document.read), as attachments.
//
// Public API for other domains (bookings, packages, reviews):
//
//	Offering(ctx, id) (Offering, error)                         ErrNotFound when missing
//	Availability(ctx, providerID, fromDate, toDate) (Availability, error)
//	Provider(ctx, providerID) / ProviderOfUser(ctx, userID, kind) / ProvidersOfUser(ctx, userID)
//	BookableProviders(ctx, after, limit) ([]string, error)      listed providers, keyset by id
//	SetNextAvailable(ctx, db, providerID, at)                   written by bookings' next-slot chore
//	SetRating(ctx, db, providerID, avg, count)                  written by reviews
//	SetResponseTime(ctx, db, providerID, minutes)               written by bookings (typical response time)
//
// The owner's side, used by the handlers, the seed and other domains' tests
// to set a provider up: MyProfile, SaveProfile, Publish, Unpublish, AddPhoto,
// DeleteMedia, CreateOffering, UpdateOffering, ArchiveOffering, SaveSchedule,
// AddOverride, DeleteOverride (each takes the user id and the kind; objects
// of other users are not found), AddLicenceDocument, DeleteLicenceDocument,
// MyLicenceFile. Admins: AdminList, AdminDetail, Decide, Suspend (with a
// required reason, shown to the provider), Reinstate (clears it),
// AdminLicenceFile. Public: Directory, PublicProfile, PublicOfferings.
//
// A provider's public id is the profile's own id, never the user id. Every
// not-found error wraps ErrNotFound.
//
// States: a profile is draft or published (status), and suspended by an
// admin (suspended_at; reinstating returns it to its status). It is listed
// in the directory when published and not suspended; a published profile
// that stops meeting the publishing rules goes back to draft, so
// Provider.Status "published" always means bookable. Verification of a
// therapist's licence is none -> pending (the therapist saved a licence) ->
// verified | rejected (an admin decided; a changed licence goes back to
// pending). Only admins set verified or rejected; each decision, suspension
// and reinstatement is written to the audit log.
//
// Seats and departures (0026, departures.go): an offering has pricing
// (per_group: the price per booking; per_person: per seat), optional fixed
// departures (start times per weekday name, "HH:MM" local, at most 12 a
// day, plus at most 200 dated additions and cancellations; any time set
// makes the slots these departures instead of the weekly hours), a
// booking cut-off in hours (0..168), a minimum group (0..capacity; not
// with exclusive) and exclusive (private: one booking takes every seat).
// duration_min reaches 14 days only with fixed departures (multi-day
// tours); otherwise 15..240 as before. Bookings enforces all of it.
// Publishing needs weekly hours only while some active offering books from
// them: when every active offering has fixed departures the hours decide
// nothing and are not required. CheckOffering validates a new offering's
// input without storing it (a wizard step).
//
// Directory relevance: score = availability_points (a free slot within 7
// days, sooner is better) + rating_points (a Bayesian average) + 2000 *
// completeness, each part stored by the write that owns its input, the sum
// computed by that UPDATE from the row; the directory pages by keyset on
// (score DESC, id DESC) over practice_providers_directory_idx.
package practice
