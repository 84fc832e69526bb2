package video

import (
	"context"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// twilioClaims is the payload of a Twilio access token: the registered
// claims and the grants.
type twilioClaims struct {
	jwt.RegisteredClaims
	Grants twilioGrants `json:"grants"`
}

type twilioGrants struct {
	Identity string     `json:"identity"`
	Video    videoGrant `json:"video"`
}

type videoGrant struct {
	Room string `json:"room"`
}

// twilioRoomName is the Twilio room of a Sojourn room.
func twilioRoomName(id string) string { return "sojourn-" + id }

// mintTwilio signs an access token for identity in room, valid from now
// until exp.
func mintTwilio(t Twilio, identity, room string, now, exp time.Time) (string, error) {
	claims := twilioClaims{
		RegisteredClaims: jwt.RegisteredClaims{
			ID:        fmt.Sprintf("%s-%d", t.APIKey, now.Unix()),
			Issuer:    t.APIKey,
			Subject:   t.AccountSID,
			NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(exp),
		},
		Grants: twilioGrants{Identity: identity, Video: videoGrant{Room: room}},
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	tok.Header["cty"] = "twilio-fpa;v=1"
	return tok.SignedString([]byte(t.APISecret))
}

// Token lets a participant in the call connect: a Twilio access token for
// the room (at most TokenTTL, never past the room's close), or p2p mode.
func (s *Service) Token(ctx context.Context, userID, id string) (Token, error) {
	r, err := s.load(ctx, userID, id)
	if err != nil {
		return Token{}, err
	}
	now := s.c.Clock.Now()
	if err := r.open(now); err != nil {
		return Token{}, err
	}
	if !r.row.inCall(userID) {
		if userID == r.row.GuestID && r.row.GuestJoinedAt != nil {
			return Token{}, errInLobby
		}
		return Token{}, errNotInRoom
	}
	out := Token{Mode: s.Mode(), RoomName: twilioRoomName(r.row.ID), Identity: userID}
	if out.Mode == ModeP2P {
		return out, nil
	}
	exp := now.Add(TokenTTL)
	if r.row.ClosesAt.Before(exp) {
		exp = r.row.ClosesAt
	}
	exp = exp.UTC().Truncate(time.Second)
	tok, err := mintTwilio(s.c.Twilio, userID, out.RoomName, now, exp)
	if err != nil {
		return Token{}, err
	}
	out.Token, out.ExpiresAt = &tok, &exp
	return out, nil
}
