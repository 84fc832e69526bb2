package messaging

import (
	"context"
	"encoding/json"
	"strings"

	"sojourn/api/internal/platform/apperr"
)

type frame struct {
	ConversationID string `json:"conversation_id"`
	UpTo           string `json:"up_to"`
}

var errFrame = apperr.Validation(map[string]string{"conversation_id": "is required"})

// typing relays "typing" from a member to the other members.
func (s *Service) typing(ctx context.Context, from string, data json.RawMessage) error {
	var f frame
	if err := json.Unmarshal(data, &f); err != nil || strings.TrimSpace(f.ConversationID) == "" {
		return errFrame
	}
	if _, err := s.membership(ctx, s.c.DB, f.ConversationID, from); err != nil {
		return err
	}
	mem, err := s.members(ctx, s.c.DB, f.ConversationID)
	if err != nil {
		return err
	}
	return s.c.Live.Publish(ctx, without(mem, from), "typing", map[string]any{"conversation_id": f.ConversationID, "user_id": from})
}

// seenFrame marks read over the socket ("message.seen"), like POST .../read.
func (s *Service) seenFrame(ctx context.Context, from string, data json.RawMessage) error {
	var f frame
	if err := json.Unmarshal(data, &f); err != nil || strings.TrimSpace(f.ConversationID) == "" {
		return errFrame
	}
	_, err := s.Read(ctx, from, f.ConversationID, ReadInput{UpTo: f.UpTo})
	return err
}
