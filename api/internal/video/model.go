package video

import (
	"time"

	"github.com/uptrace/bun"
)

// roomRow is a row of video_rooms (never serialised).
type roomRow struct {
	bun.BaseModel `bun:"table:video_rooms"`

	ID            string     `bun:"id,pk"`
	Kind          string     `bun:"kind"`
	BookingID     *string    `bun:"booking_id"`
	HostID        string     `bun:"host_id"`
	GuestID       string     `bun:"guest_id"`
	Title         string     `bun:"title"`
	OpensAt       time.Time  `bun:"opens_at"`
	ClosesAt      time.Time  `bun:"closes_at"`
	HostJoinedAt  *time.Time `bun:"host_joined_at"`
	GuestJoinedAt *time.Time `bun:"guest_joined_at"`
	AdmittedAt    *time.Time `bun:"admitted_at"`
	EndedAt       *time.Time `bun:"ended_at"`
	CreatedAt     time.Time  `bun:"created_at"`
	UpdatedAt     time.Time  `bun:"updated_at"`
}

// room is a row with what it is about: the session (appointments) and the
// status now.
type room struct {
	row      *roomRow
	stored   bool      // the row exists in the table
	startsAt time.Time // the session's start (a friend call: when it was made)
	status   string    // booking status for appointments ("" for friend calls)
}

// participant reports whether userID is the host or the guest.
func (r *roomRow) participant(userID string) bool { return userID == r.HostID || userID == r.GuestID }

// peerOf is the other participant.
func (r *roomRow) peerOf(userID string) string {
	if userID == r.HostID {
		return r.GuestID
	}
	return r.HostID
}

// inCall reports whether userID is in the call: the host in the room, or
// the admitted guest in the room.
func (r *roomRow) inCall(userID string) bool {
	if userID == r.HostID {
		return r.HostJoinedAt != nil
	}
	return userID == r.GuestID && r.GuestJoinedAt != nil && r.AdmittedAt != nil
}

// Person is a participant as the other sees them.
type Person struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	AvatarURL string `json:"avatar_url"`
}

// Lobby is who is in the room.
type Lobby struct {
	HostIn        bool `json:"host_in"`
	GuestIn       bool `json:"guest_in"`
	GuestAdmitted bool `json:"guest_admitted"`
}

// Room is a room as one participant sees it.
type Room struct {
	ID        string    `json:"id"`
	Kind      string    `json:"kind"`
	BookingID *string   `json:"booking_id"`
	Title     string    `json:"title"`
	StartsAt  time.Time `json:"starts_at"`
	OpensAt   time.Time `json:"opens_at"`
	ClosesAt  time.Time `json:"closes_at"`
	Status    string    `json:"status"`
	Role      string    `json:"role"`
	Peer      Person    `json:"peer"`
	Lobby     Lobby     `json:"lobby"`
	Mode      string    `json:"mode"`
}

// Token is what the page connects with.
type Token struct {
	Mode      string     `json:"mode"`
	Token     *string    `json:"token"`
	RoomName  string     `json:"room_name"`
	Identity  string     `json:"identity"`
	ExpiresAt *time.Time `json:"expires_at"`
}

// FriendCallInput starts a call with a friend.
type FriendCallInput struct {
	FriendID string `json:"friend_id"`
}

// bunIdent quotes a column name chosen by the code (never by a caller).
func bunIdent(col string) bun.Ident { return bun.Ident(col) }
