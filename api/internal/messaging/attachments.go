package messaging

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
)

// Attachment kinds.
const (
	AttachImage = "image"
	AttachFile  = "file"
)

// imageLimits: at most 40 megapixels, kept with its longest side at 2000.
var imageLimits = images.Limits{MaxPixels: 40_000_000, MaxSide: 2000}

var (
	errNotAttachment = apperr.Validation(map[string]string{"file": "must be an image (JPEG, PNG, GIF, WebP) or a PDF"})
	errPixels        = apperr.Validation(map[string]string{"file": "has too many pixels (at most 40 megapixels)"})
)

func cleanName(name string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '"' {
			return -1
		}
		return r
	}, strings.TrimSpace(name))
	if name == "." || name == "/" {
		name = ""
	}
	for utf8.RuneCountInString(name) > 120 {
		r := []rune(name)
		name = string(r[len(r)-120:])
	}
	return name
}

// SendAttachment posts an image (re-encoded through platform/images) or a
// PDF, private to the conversation's members, with an optional caption.
func (s *Service) SendAttachment(ctx context.Context, me, id, name, caption string, data []byte) (Message, error) {
	caption, err := checkBody(caption, false)
	if err != nil {
		return Message{}, err
	}
	if _, err := s.membership(ctx, s.c.DB, id, me); err != nil {
		return Message{}, err
	}
	if len(data) > MaxFileBytes {
		return Message{}, errFileTooLarge
	}
	att := &attachmentRow{ID: ids.New(), ConversationID: id, UploadedBy: me, Name: cleanName(name)}
	if bytes.HasPrefix(data, []byte("%PDF-")) {
		att.Kind, att.ContentType, att.Content = AttachFile, "application/pdf", data
		if att.Name == "" {
			att.Name = "document.pdf"
		}
	} else {
		if len(data) > MaxImageBytes {
			return Message{}, errFileTooLarge
		}
		img, err := s.c.Images.Reencode(ctx, data, imageLimits)
		switch {
		case errors.Is(err, images.ErrNotImage):
			return Message{}, errNotAttachment
		case errors.Is(err, images.ErrTooLarge):
			return Message{}, errPixels
		case err != nil:
			return Message{}, err
		}
		att.Kind, att.ContentType, att.Content, att.Width, att.Height = AttachImage, img.ContentType, img.Data, img.Width, img.Height
		if att.Name == "" {
			att.Name = "photo" + img.Ext
		}
	}
	att.Size = int64(len(att.Content))
	return s.send(ctx, me, id, caption, att)
}

// AttachmentFile is an attachment's bytes for a member.
type AttachmentFile struct {
	ID          string
	Name        string
	ContentType string
	Content     []byte
}

// File answers an attachment of conversation id to a member (404 to anyone
// else, and for the attachment of a deleted message).
func (s *Service) File(ctx context.Context, me, id, attID string) (AttachmentFile, error) {
	if _, err := s.membership(ctx, s.c.DB, id, me); err != nil {
		return AttachmentFile{}, err
	}
	if !ids.Valid(attID) {
		return AttachmentFile{}, apperr.NotFound("attachment")
	}
	var a attachmentRow
	err := s.c.DB.NewSelect().Model(&a).Where("a.id = ?", attID).Where("a.conversation_id = ?", id).
		Where("NOT EXISTS (SELECT 1 FROM messaging_messages mm WHERE mm.attachment_id = a.id AND mm.deleted_at IS NOT NULL)").
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return AttachmentFile{}, apperr.NotFound("attachment")
	}
	if err != nil {
		return AttachmentFile{}, err
	}
	return AttachmentFile{ID: a.ID, Name: a.Name, ContentType: a.ContentType, Content: a.Content}, nil
}
