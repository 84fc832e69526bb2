package messaging

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// SendInput is a text message (Body) or an attachment with an optional
// caption.
type SendInput struct {
	Body string `json:"body"`
}

func checkBody(body string, required bool) (string, error) {
	body = strings.TrimSpace(body)
	if required && body == "" {
		return "", apperr.Validation(map[string]string{"body": "is required"})
	}
	if utf8.RuneCountInString(body) > MaxBody {
		return "", apperr.Validation(map[string]string{"body": "must be at most 4000 characters"})
	}
	return body, nil
}

// Send posts a text message to a conversation me is in.
func (s *Service) Send(ctx context.Context, me, id string, in SendInput) (Message, error) {
	body, err := checkBody(in.Body, true)
	if err != nil {
		return Message{}, err
	}
	return s.send(ctx, me, id, body, nil)
}

// send writes the message: the conversation's next number, the sender's own
// read mark, everyone's activity, and an unread-mail job per other member,
// all in one transaction; then pushes message.new.
func (s *Service) send(ctx context.Context, me, id, body string, att *attachmentRow) (Message, error) {
	conv, err := s.membership(ctx, s.c.DB, id, me)
	if err != nil {
		return Message{}, err
	}
	others, err := s.members(ctx, s.c.DB, id)
	if err != nil {
		return Message{}, err
	}
	others = without(others, me)
	if conv.Kind == KindDirect && s.c.Gate != nil && len(others) == 1 {
		if err := s.mayMessage(ctx, me, others[0], s.introduced(ctx, conv.SubjectType, conv.SubjectID, me)); err != nil {
			return Message{}, err
		}
	}
	now := s.now()
	row := &messageRow{ID: ids.New(), ConversationID: id, SenderID: me, Body: body, SentAt: now}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var seq int64
		if err := tx.NewUpdate().Model((*conversationRow)(nil)).
			Set("last_seq = last_seq + 1").Set("last_message_at = ?", now).Set("updated_at = ?", now).
			Where("id = ?", id).Returning("last_seq").Scan(ctx, &seq); err != nil {
			return err
		}
		row.Seq = seq
		if att != nil {
			att.CreatedAt = now
			if _, err := tx.NewInsert().Model(att).Exec(ctx); err != nil {
				return err
			}
			row.AttachmentID = &att.ID
		}
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*memberRow)(nil)).Set("activity_at = ?", now).
			Where("conversation_id = ?", id).Exec(ctx); err != nil {
			return err
		}
		// Sending reads what came before it.
		if err := s.markRead(ctx, tx, id, me, seq, now); err != nil {
			return err
		}
		for _, o := range others {
			if _, err := s.c.Jobs.InsertTx(ctx, tx, UnreadMailJob{ConversationID: id, UserID: o}, &river.InsertOpts{
				ScheduledAt: now.Add(UnreadMailDelay),
				UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
					rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateScheduled,
					rivertype.JobStateRetryable, rivertype.JobStateRunning}},
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Message{}, err
	}
	m, err := s.message(ctx, me, row.ID)
	if err != nil {
		return Message{}, err
	}
	s.publish(ctx, append(others, me), "message.new", m)
	return m, nil
}

func without(list []string, x string) []string {
	out := make([]string, 0, len(list))
	for _, v := range list {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}

// markRead moves user's read mark in conversation id up to seq (never
// back), and their receipt with it unless they turned receipts off.
func (s *Service) markRead(ctx context.Context, q bun.IDB, id, user string, seq int64, now time.Time) error {
	receipts, err := s.sendsReceipts(ctx, q, user)
	if err != nil {
		return err
	}
	u := q.NewUpdate().Model((*memberRow)(nil)).Set("last_read_seq = ?", seq).
		Where("conversation_id = ?", id).Where("user_id = ?", user).Where("last_read_seq < ?", seq)
	if receipts {
		u = u.Set("receipt_seq = ?", seq).Set("receipt_at = ?", now)
	}
	_, err = u.Exec(ctx)
	return err
}

func (s *Service) sendsReceipts(ctx context.Context, q bun.IDB, user string) (bool, error) {
	var st settingsRow
	err := q.NewSelect().Model(&st).Where("user_id = ?", user).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return true, nil
	}
	return st.SendReceipts, err
}

// ListInput selects a page of messages: older than Cursor (newest first), or
// newer than After (oldest first, for resume).
type ListInput struct {
	Cursor page.Cursor
	After  string
}

// Messages lists a conversation's messages for a member. Without After:
// newest first, paged to older ones by cursor. With After (a message id):
// the messages after it, oldest first, at most Limit (next_cursor is then
// the id to resume after again, when more follow).
func (s *Service) Messages(ctx context.Context, me, id string, in ListInput) ([]Message, *page.Key, error) {
	if _, err := s.membership(ctx, s.c.DB, id, me); err != nil {
		return nil, nil, err
	}
	var rows []messageRow
	q := s.c.DB.NewSelect().Model(&rows).Where("msg.conversation_id = ?", id).Limit(int64(in.Cursor.Fetch()))
	if in.After != "" {
		seq, err := s.seqOf(ctx, id, in.After)
		if err != nil {
			return nil, nil, err
		}
		q = q.Where("msg.seq > ?", seq).OrderExpr("msg.seq ASC")
	} else {
		q = q.OrderExpr("msg.seq DESC")
		if in.Cursor.After != nil {
			seq, err := s.seqOf(ctx, id, in.Cursor.After.ID)
			if err != nil {
				return nil, nil, err
			}
			q = q.Where("msg.seq < ?", seq)
		}
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, in.Cursor, func(m messageRow) page.Key { return page.Key{CreatedAt: m.SentAt, ID: m.ID} })
	out, err := s.toMessages(ctx, me, rows)
	return out, next, err
}

var errBadAfter = apperr.Validation(map[string]string{"after": "must be a message of this conversation"})

func (s *Service) seqOf(ctx context.Context, conv, msgID string) (int64, error) {
	if !ids.Valid(msgID) {
		return 0, errBadAfter
	}
	var seq int64
	err := s.c.DB.NewSelect().Model((*messageRow)(nil)).Column("seq").
		Where("id = ?", msgID).Where("conversation_id = ?", conv).Scan(ctx, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errBadAfter
	}
	return seq, err
}

// message is one message as me sees it.
func (s *Service) message(ctx context.Context, me, msgID string) (Message, error) {
	var row messageRow
	if err := s.c.DB.NewSelect().Model(&row).Where("msg.id = ?", msgID).Scan(ctx); err != nil {
		return Message{}, err
	}
	out, err := s.toMessages(ctx, me, []messageRow{row})
	if err != nil {
		return Message{}, err
	}
	return out[0], nil
}

func (s *Service) lastMessages(ctx context.Context, me string, convs []conversationRow) (map[string]Message, error) {
	out := map[string]Message{}
	var rows []messageRow
	q := s.c.DB.NewSelect().Model(&rows)
	any := false
	q = q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
		for _, c := range convs {
			if c.LastSeq > 0 {
				any = true
				q = q.WhereOr("(msg.conversation_id = ? AND msg.seq = ?)", c.ID, c.LastSeq)
			}
		}
		return q
	})
	if !any {
		return out, nil
	}
	if err := q.Scan(ctx); err != nil {
		return nil, err
	}
	ms, err := s.toMessages(ctx, me, rows)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		out[m.ConversationID] = m
	}
	return out, nil
}

// toMessages adds attachments, reactions and receipts.
func (s *Service) toMessages(ctx context.Context, me string, rows []messageRow) ([]Message, error) {
	out := make([]Message, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	mids, aids, cids := []string{}, []string{}, map[string]bool{}
	for _, r := range rows {
		mids = append(mids, r.ID)
		cids[r.ConversationID] = true
		if r.AttachmentID != nil && r.DeletedAt == nil {
			aids = append(aids, *r.AttachmentID)
		}
	}
	atts := map[string]Attachment{}
	if len(aids) > 0 {
		var as []attachmentRow
		if err := s.c.DB.NewSelect().Model(&as).ExcludeColumn("content").Where("a.id IN (?)", bun.In(aids)).Scan(ctx); err != nil {
			return nil, err
		}
		for _, a := range as {
			atts[a.ID] = Attachment{ID: a.ID, Kind: a.Kind, Name: a.Name, ContentType: a.ContentType, Size: a.Size,
				Width: a.Width, Height: a.Height}
		}
	}
	var rs []reactionRow
	if err := s.c.DB.NewSelect().Model(&rs).Where("r.message_id IN (?)", bun.In(mids)).
		OrderExpr("r.created_at, r.emoji").Scan(ctx); err != nil {
		return nil, err
	}
	reactions := map[string][]Reaction{}
	for _, r := range rs {
		list := reactions[r.MessageID]
		found := false
		for i := range list {
			if list[i].Emoji == r.Emoji {
				list[i].Count++
				list[i].Mine = list[i].Mine || r.UserID == me
				found = true
			}
		}
		if !found {
			list = append(list, Reaction{Emoji: r.Emoji, Count: 1, Mine: r.UserID == me})
		}
		reactions[r.MessageID] = list
	}
	var convIDs []string
	for c := range cids {
		convIDs = append(convIDs, c)
	}
	var ms []memberRow
	if err := s.c.DB.NewSelect().Model(&ms).Column("conversation_id", "user_id", "receipt_seq").
		Where("m.conversation_id IN (?)", bun.In(convIDs)).OrderExpr("m.joined_at, m.user_id").Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		m := Message{ID: r.ID, ConversationID: r.ConversationID, Seq: r.Seq, SenderID: r.SenderID, Body: r.Body,
			SentAt: r.SentAt.UTC(), Reactions: reactions[r.ID], SeenBy: []string{}}
		if m.Reactions == nil {
			m.Reactions = []Reaction{}
		}
		if r.EditedAt != nil {
			t := r.EditedAt.UTC()
			m.EditedAt = &t
		}
		if r.DeletedAt != nil {
			m.Deleted, m.Body, m.Reactions = true, "", []Reaction{}
		} else if r.AttachmentID != nil {
			if a, ok := atts[*r.AttachmentID]; ok {
				m.Attachment = &a
			}
		}
		for _, mem := range ms {
			if mem.ConversationID == r.ConversationID && mem.UserID != r.SenderID && mem.ReceiptSeq >= r.Seq {
				m.SeenBy = append(m.SeenBy, mem.UserID)
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// EditInput changes a message's text.
type EditInput struct {
	Body string `json:"body"`
}

// Edit changes me's own message within EditWindow.
func (s *Service) Edit(ctx context.Context, me, id, msgID string, in EditInput) (Message, error) {
	body, err := checkBody(in.Body, true)
	if err != nil {
		return Message{}, err
	}
	return s.change(ctx, me, id, msgID, func(q *bun.UpdateQuery, now time.Time) *bun.UpdateQuery {
		return q.Set("body = ?", body).Set("edited_at = ?", now)
	})
}

// Delete removes me's own message within EditWindow (it keeps its place,
// without content).
func (s *Service) Delete(ctx context.Context, me, id, msgID string) (Message, error) {
	return s.change(ctx, me, id, msgID, func(q *bun.UpdateQuery, now time.Time) *bun.UpdateQuery {
		return q.Set("deleted_at = ?", now).Set("body = ''")
	})
}

func (s *Service) change(ctx context.Context, me, id, msgID string, set func(*bun.UpdateQuery, time.Time) *bun.UpdateQuery) (Message, error) {
	if _, err := s.membership(ctx, s.c.DB, id, me); err != nil {
		return Message{}, err
	}
	if !ids.Valid(msgID) {
		return Message{}, ErrMessageNotFound
	}
	now := s.now()
	res, err := set(s.c.DB.NewUpdate().Model((*messageRow)(nil)), now).
		Where("id = ?", msgID).Where("conversation_id = ?", id).Where("sender_id = ?", me).
		Where("deleted_at IS NULL").Where("sent_at > ?", now.Add(-EditWindow)).Exec(ctx)
	if err != nil {
		return Message{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		var row messageRow
		err := s.c.DB.NewSelect().Model(&row).Where("msg.id = ?", msgID).Where("msg.conversation_id = ?", id).
			Where("msg.sender_id = ?", me).Where("msg.deleted_at IS NULL").Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return Message{}, ErrMessageNotFound
		}
		if err != nil {
			return Message{}, err
		}
		return Message{}, ErrEditWindow
	}
	return s.updated(ctx, me, id, msgID)
}

// updated answers the message and pushes message.updated to the members.
func (s *Service) updated(ctx context.Context, me, id, msgID string) (Message, error) {
	m, err := s.message(ctx, me, msgID)
	if err != nil {
		return Message{}, err
	}
	if mem, err := s.members(ctx, s.c.DB, id); err == nil {
		s.publish(ctx, mem, "message.updated", map[string]any{"conversation_id": id, "message_id": msgID})
	}
	return m, nil
}

// ReactInput is one emoji.
type ReactInput struct {
	Emoji string `json:"emoji"`
}

func checkEmoji(e string) error {
	n := utf8.RuneCountInString(e)
	if e == "" || n > 8 || len(e) > 32 || strings.ContainsAny(e, " \t\r\n") {
		return apperr.Validation(map[string]string{"emoji": "must be one emoji"})
	}
	for _, r := range e {
		if r < 0x80 && !(r == '#' || r == '*' || (r >= '0' && r <= '9')) {
			return apperr.Validation(map[string]string{"emoji": "must be one emoji"})
		}
	}
	return nil
}

// React adds me's reaction (once per emoji) or, with remove, takes it back.
func (s *Service) React(ctx context.Context, me, id, msgID, emoji string, remove bool) (Message, error) {
	if err := checkEmoji(emoji); err != nil {
		return Message{}, err
	}
	if _, err := s.membership(ctx, s.c.DB, id, me); err != nil {
		return Message{}, err
	}
	if !ids.Valid(msgID) {
		return Message{}, ErrMessageNotFound
	}
	n, err := s.c.DB.NewSelect().Model((*messageRow)(nil)).Where("id = ?", msgID).Where("conversation_id = ?", id).
		Where("deleted_at IS NULL").Count(ctx)
	if err != nil {
		return Message{}, err
	}
	if n == 0 {
		return Message{}, ErrMessageNotFound
	}
	if remove {
		_, err = s.c.DB.NewDelete().Model((*reactionRow)(nil)).Where("message_id = ?", msgID).
			Where("user_id = ?", me).Where("emoji = ?", emoji).Exec(ctx)
	} else {
		_, err = s.c.DB.NewInsert().Model(&reactionRow{MessageID: msgID, UserID: me, Emoji: emoji, CreatedAt: s.now()}).
			On("CONFLICT DO NOTHING").Exec(ctx)
	}
	if err != nil {
		return Message{}, err
	}
	return s.updated(ctx, me, id, msgID)
}

// ReadInput marks a conversation read up to a message (the newest when
// empty).
type ReadInput struct {
	UpTo string `json:"up_to"`
}

// Read moves me's read mark and pushes message.read (with the receipt, when
// me sends receipts) to the members.
func (s *Service) Read(ctx context.Context, me, id string, in ReadInput) (int64, error) {
	conv, err := s.membership(ctx, s.c.DB, id, me)
	if err != nil {
		return 0, err
	}
	seq := conv.LastSeq
	if in.UpTo != "" {
		if seq, err = s.seqOf(ctx, id, in.UpTo); err != nil {
			return 0, apperr.Validation(map[string]string{"up_to": "must be a message of this conversation"})
		}
	}
	if err := s.markRead(ctx, s.c.DB, id, me, seq, s.now()); err != nil {
		return 0, err
	}
	receipts, err := s.sendsReceipts(ctx, s.c.DB, me)
	if err != nil {
		return 0, err
	}
	to := []string{me}
	if receipts {
		if mem, err := s.members(ctx, s.c.DB, id); err == nil {
			to = mem
		}
	}
	s.publish(ctx, to, "message.read", map[string]any{"conversation_id": id, "user_id": me, "read_up_to": seq})
	return seq, nil
}

// Unread is me's unread count per conversation (only those with unread
// messages) and in total.
func (s *Service) Unread(ctx context.Context, me string) (Unread, error) {
	m, err := s.unreadIn(ctx, me, nil)
	if err != nil {
		return Unread{}, err
	}
	u := Unread{Conversations: m}
	for _, n := range m {
		u.Total += n
	}
	return u, nil
}

func (s *Service) unreadIn(ctx context.Context, me string, convs []string) (map[string]int, error) {
	var rows []struct {
		ConversationID string `bun:"conversation_id"`
		N              int    `bun:"n"`
	}
	q := s.c.DB.NewSelect().TableExpr("messaging_members AS m").
		Join("JOIN messaging_messages AS msg ON msg.conversation_id = m.conversation_id AND msg.seq > m.last_read_seq AND msg.sender_id <> m.user_id AND msg.deleted_at IS NULL").
		ColumnExpr("m.conversation_id").ColumnExpr("count(*) AS n").Where("m.user_id = ?", me).
		GroupExpr("m.conversation_id")
	if convs != nil {
		q = q.Where("m.conversation_id IN (?)", bun.In(convs))
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.ConversationID] = r.N
	}
	return out, nil
}

// Search finds me's messages (in conversations me is in) containing q,
// newest first.
func (s *Service) Search(ctx context.Context, me, q string, cur page.Cursor) ([]Message, *page.Key, error) {
	q = strings.TrimSpace(q)
	if q == "" || utf8.RuneCountInString(q) > MaxSearchQuery {
		return nil, nil, apperr.Validation(map[string]string{"q": "must be 1 to 200 characters"})
	}
	like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(strings.ToLower(q)) + "%"
	var rows []messageRow
	sel := s.c.DB.NewSelect().Model(&rows).
		Join("JOIN messaging_members AS m ON m.conversation_id = msg.conversation_id AND m.user_id = ?", me).
		Where("msg.deleted_at IS NULL").Where(`lower(msg.body) LIKE ? ESCAPE '\'`, like).
		OrderExpr("msg.sent_at DESC, msg.id DESC").Limit(int64(cur.Fetch()))
	if cur.After != nil {
		sel = sel.Where("(msg.sent_at, msg.id) < (?, ?)", cur.After.CreatedAt, cur.After.ID)
	}
	if err := sel.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, cur, func(m messageRow) page.Key { return page.Key{CreatedAt: m.SentAt, ID: m.ID} })
	out, err := s.toMessages(ctx, me, rows)
	return out, next, err
}

// GetSettings answers me's messaging settings.
func (s *Service) GetSettings(ctx context.Context, me string) (Settings, error) {
	r, err := s.sendsReceipts(ctx, s.c.DB, me)
	return Settings{SendReceipts: r}, err
}

// SettingsInput changes settings.
type SettingsInput struct {
	SendReceipts *bool `json:"send_receipts"`
}

// PutSettings stores me's settings.
func (s *Service) PutSettings(ctx context.Context, me string, in SettingsInput) (Settings, error) {
	if in.SendReceipts == nil {
		return Settings{}, apperr.Validation(map[string]string{"send_receipts": "is required"})
	}
	row := &settingsRow{UserID: me, SendReceipts: *in.SendReceipts, UpdatedAt: s.now()}
	if _, err := s.c.DB.NewInsert().Model(row).
		On("CONFLICT (user_id) DO UPDATE").Set("send_receipts = EXCLUDED.send_receipts").
		Set("updated_at = EXCLUDED.updated_at").Exec(ctx); err != nil {
		return Settings{}, err
	}
	return Settings{SendReceipts: row.SendReceipts}, nil
}
