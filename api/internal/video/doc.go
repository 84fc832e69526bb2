// Package video is Sojourn's video sessions: a room per therapy or coaching
// session of the provider kernel (bookings), open to its two participants
// only in the session's window, with a lobby in which the provider admits
// the client; and calls between friends.
//
// # Tables (migration 0052_video)
//
//	video_rooms   one room: kind appointment (its id is the booking's id, the row made when a participant
//	              first joins), friends (an id of its own) or speed_date (made by speeddating); host (the practice's person, or the friend who
//	              called) and guest (the client, or the friend called); opens_at, closes_at; the lobby
//	              (host_joined_at, guest_joined_at, admitted_at) and ended_at (a friend call hung up)
//
// # Rooms of sessions
//
// A confirmed session of a therapist or coach whose format is video has a
// room (bookings.SessionReader, which reads only the bookings table: video
// never reads bookings' internals). The room answers its two participants,
// the client (the booking's user) and the practice's person
// (provider_user_id); anyone else gets 404, as if it did not exist. It is
// open from 10 minutes before the start (Lead) to the session's end, read
// from the booking each time, so a reschedule moves the window and a
// cancellation closes the room; joining outside it is 409 (too early: when
// it opens; after the end: ended). The clock is the server's (clock.Clock;
// tests move a fake one).
//
// # The lobby
//
// Joining marks the participant as in the room. The provider (host) is in
// the call at once; the client (guest) waits in the lobby until the host
// admits them (POST /video/rooms/{id}/admit, host only: 403 for the client),
// which works whether the host joined first or the client did (admitting
// joins the host too). Once admitted the client rejoins after a drop
// without waiting again. Leaving clears the participant's presence. Every
// change is a conditional UPDATE of the room's row and is pushed to both
// participants as the realtime event video.lobby (the room as each sees it).
//
// # Calls between friends
//
// POST /video/rooms {friend_id} starts a call with a friend (social's
// Gate.AreFriends; not friends: 403): a room open for two hours with no
// lobby (the friend is admitted when it is made), pushed to the friend as
// video.room (an incoming call). An open, unended call between the two is
// answered again instead of a second one. When one leaves while the other
// is not in the room, the call ends.
//
// # Speed dates
//
// Speed dating (package speeddating) opens a room per pair and round with
// OpenPairRoom in the transaction that starts the round: kind speed_date,
// the two people admitted at once (no lobby), open for the round's window;
// ClosePairRooms ends them at the bell. Everyone else gets 404.
//
// # Media: Twilio or peer to peer
//
// With TWILIO_ACCOUNT_SID, TWILIO_API_KEY and TWILIO_API_SECRET configured,
// POST /video/rooms/{id}/token (a participant in the call: the host, or an
// admitted guest) mints a Twilio Video access token (twilio.go): an HS256
// JWT signed with the API secret, header cty "twilio-fpa;v=1", iss the API
// key, sub the account SID, jti "<key>-<unix time>", nbf now, exp at most
// one hour away and never past the room's close, grants {identity: the
// user's id, video: {room: "sojourn-<room id>"}}. The page connects with
// twilio-video. Without credentials the answer's mode is "p2p": the page
// runs WebRTC between the two browsers with signalling over Sojourn's
// realtime channel: clients send video.signal frames ({room_id, kind:
// ready | offer | answer | candidate, call, sdp, candidate}: a side that
// starts says ready, the host answers ready with an offer named by call,
// which the answer and candidates echo); the handler (signal.go)
// relays one to the other participant only when both are in the call of
// the same open room, and refuses anyone else.
//
// # Routes (api/contract/video.yaml, policies/video.csv)
//
//	GET  /video/rooms?kind=                 the caller's rooms: upcoming sessions in the next 14 days (the client's,
//	                                        or with kind therapist|coach the caller's practice's), at most 50, and
//	                                        open friend calls; soonest first (a bounded list, not a cursor)
//	POST /video/rooms {friend_id}           call a friend
//	GET  /video/rooms/{id}                  one room as the caller sees it (role, peer, status, lobby, mode)
//	POST /video/rooms/{id}/join|leave       enter (the client into the lobby) or leave
//	POST /video/rooms/{id}/admit            the host admits the waiting client
//	POST /video/rooms/{id}/token            {mode: twilio, token, room_name, identity, expires_at} | {mode: p2p, ...}
//
// # Realtime events
//
//	video.lobby    to both participants on join, admit and leave: the room
//	video.room     to the friend called: the room (an incoming call)
//	video.signal   relayed WebRTC offer, answer and ICE candidates (p2p mode)
package video
