package video

import (
	"context"
	"encoding/json"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
)

// Bounds of a signalling frame.
const (
	maxSDP       = 64 << 10
	maxCandidate = 2 << 10
)

// SignalFrame is a video.signal frame for the other participant of a
// room: a WebRTC offer, answer or ICE candidate, or ready (this side
// (re)started and asks for a fresh negotiation; the host answers it with
// an offer).
type SignalFrame struct {
	RoomID string `json:"room_id"`
	Kind   string `json:"kind"`
	// Call names one negotiation (the offer's), echoed by its answer and
	// candidates, so a late answer to an older offer is told apart.
	Call      string          `json:"call,omitempty"`
	SDP       string          `json:"sdp,omitempty"`
	Candidate json.RawMessage `json:"candidate,omitempty"`
}

// Relayed is what the other participant receives.
type Relayed struct {
	SignalFrame
	From string `json:"from"`
}

var (
	errBadSignal  = apperr.Validation(apperr.Fields{"kind": "A signal is ready, an offer, an answer or a candidate."})
	errSignalSize = apperr.Validation(apperr.Fields{"sdp": "The signal is too large."})
	errNotInCall  = apperr.Conflict("Both participants must be in the call.")
)

// Signal relays a video.signal frame from a participant in the call of an
// open room to the other participant, when both are in the call; anyone
// else is refused (a stranger as if the room did not exist).
func (s *Service) Signal(ctx context.Context, from string, data json.RawMessage) error {
	var f SignalFrame
	if err := json.Unmarshal(data, &f); err != nil {
		return errBadSignal
	}
	switch f.Kind {
	case "ready":
		if f.SDP != "" || len(f.Candidate) > 0 {
			return errBadSignal
		}
	case "offer", "answer":
		if f.SDP == "" || len(f.Candidate) > 0 {
			return errBadSignal
		}
	case "candidate":
		if f.SDP != "" || len(f.Candidate) == 0 {
			return errBadSignal
		}
	default:
		return errBadSignal
	}
	if len(f.Call) > maxID || !utf8.ValidString(f.Call) {
		return errBadSignal
	}
	if len(f.SDP) > maxSDP || len(f.Candidate) > maxCandidate || !utf8.ValidString(f.SDP) {
		return errSignalSize
	}
	if f.Kind == "candidate" && !json.Valid(f.Candidate) {
		return errBadSignal
	}
	r, err := s.load(ctx, from, f.RoomID)
	if err != nil {
		return err
	}
	if !r.stored {
		return errNotInCall
	}
	if err := r.open(s.c.Clock.Now()); err != nil {
		return err
	}
	peer := r.row.peerOf(from)
	if !r.row.inCall(from) || !r.row.inCall(peer) {
		return errNotInCall
	}
	if err := s.c.Live.Publish(ctx, []string{peer}, "video.signal", Relayed{SignalFrame: f, From: from}); err != nil {
		return apperr.Wrap(apperr.CodeUnavailable, "The signal could not be delivered.", err)
	}
	return nil
}
