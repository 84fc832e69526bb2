// Package profiles keeps each user's profile: the fields people see and
// edit, the avatar, and how complete the profile is for the user's roles
// (the fields each role requires come from platform/roledef).
//
// # Tables
//
//	profiles   one row per user who saved a profile (created on the first change): display name,
//	           bio, phone, date of birth, gender, city, country, languages, interests, avatar_url,
//	           business name, licence number, specialties (lists are JSON arrays as text)
//
// The username shown with a profile belongs to the accounts domain, which
// this package asks (Accounts) and never reads from its table.
//
// # The module
//
// Its read side is made first, from the database alone, because the
// accounts module shows profiles inside users and people:
//
//	NewReader(db, clock) *Reader
//	  ProfileFor(ctx, userID) (Profile, error)              cached for two seconds; empty when never saved
//	  ProfilesFor(ctx, userIDs) (map[string]Profile, error) cache first, one query for the rest
//
//	New(Config{DB, Clock, Log, Storage, Reader, Accounts, Images}) (*Service, error)
//	Register(httpx.Router)                                  /api/v1/profile...
//
//	WithUsername(ctx, userID) (ProfileWithUsername, error)
//	Update / UpdateWithUsername(ctx, userID, UpdateInput)   validates every field, then changes the given
//	                                                        ones (and the username, through accounts) in one
//	                                                        transaction
//	SetAvatar(ctx, userID, data) / RemoveAvatar(ctx, userID)  re-encoded, metadata dropped, old file deleted
//	Prefill(ctx, idb, userID, details) / DropCached(userID)   an approved role application's details fill
//	                                                        the empty fields, in the approval's transaction
//	Completeness(ctx, userID) (percent int, missing []string, error)
//	Compute(Profile, roles) (int, []string)                 floor(100 * filled / required)
//
// Writes drop the reader's cached entry in this process; other instances
// see a change within the two-second cache.
//
// # Errors
//
// 404 "User" for an unknown user, 409 for a taken username, 413 for an
// avatar over 5 MB, 415 for an avatar not sent as multipart/form-data, 422
// for invalid fields (every bad field at once) and for an upload that is not
// a JPEG, PNG, GIF or WebP image or has more than 16 megapixels (checked from
// the header, before decoding; decodes share the server's decode memory
// budget, images.Processor).
package profiles
