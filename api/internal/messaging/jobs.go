package messaging

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/jobs"
)

// UnreadMailJob tells a member, 15 minutes after a message, about messages
// still unread in a conversation (inserted by the send's transaction, unique
// per conversation and member while it waits: one per burst).
type UnreadMailJob struct {
	ConversationID string `json:"conversation_id"`
	UserID         string `json:"user_id"`
}

// Kind names the job in River.
func (UnreadMailJob) Kind() string { return "messaging.unread_mail" }

type unreadMailWorker struct {
	river.WorkerDefaults[UnreadMailJob]
	s *Service
}

func (w *unreadMailWorker) Work(ctx context.Context, j *river.Job[UnreadMailJob]) error {
	_, early, err := w.s.UnreadMail(ctx, j.Args)
	if err != nil {
		return err
	}
	if early > 0 {
		return river.JobSnooze(early)
	}
	return nil
}

// RegisterJobs registers the unread-mail worker.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddWorker(r, &unreadMailWorker{s: s})
}

// UnreadMail runs the job: when the member still has messages of others
// unread, the oldest of them at least UnreadMailDelay old and not yet
// covered by a mail, it emits one email event (the notifications domain
// applies preferences and quiet hours) and records the messages it covered.
// It answers whether it emitted and, when the oldest unread message is not
// old enough yet by the domain's clock, how long to wait.
func (s *Service) UnreadMail(ctx context.Context, j UnreadMailJob) (bool, time.Duration, error) {
	now := s.now()
	emitted := false
	var early time.Duration
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var mem memberRow
		err := tx.NewSelect().Model(&mem).Where("m.conversation_id = ?", j.ConversationID).
			Where("m.user_id = ?", j.UserID).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		from := max(mem.LastReadSeq, mem.MailedSeq)
		var unread []messageRow
		if err := tx.NewSelect().Model(&unread).Where("msg.conversation_id = ?", j.ConversationID).
			Where("msg.seq > ?", from).Where("msg.sender_id <> ?", j.UserID).Where("msg.deleted_at IS NULL").
			OrderExpr("msg.seq").Scan(ctx); err != nil {
			return err
		}
		if len(unread) == 0 {
			return nil
		}
		if due := unread[0].SentAt.Add(UnreadMailDelay); due.After(now) {
			early = due.Sub(now)
			return nil
		}
		last := unread[len(unread)-1].Seq
		res, err := tx.NewUpdate().Model((*memberRow)(nil)).Set("mailed_seq = ?", last).
			Where("conversation_id = ?", j.ConversationID).Where("user_id = ?", j.UserID).
			Where("mailed_seq = ?", mem.MailedSeq).Where("last_read_seq < ?", last).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		var conv conversationRow
		if err := tx.NewSelect().Model(&conv).Where("c.id = ?", j.ConversationID).Scan(ctx); err != nil {
			return err
		}
		senders := map[string]bool{}
		var ids []string
		for _, m := range unread {
			if !senders[m.SenderID] {
				senders[m.SenderID] = true
				ids = append(ids, m.SenderID)
			}
		}
		people, err := s.people(ctx, ids)
		if err != nil {
			return err
		}
		title := "New messages on Sojourn"
		if conv.Kind == KindGroup {
			title = "New messages in " + conv.Title
		} else if p, ok := people[ids[0]]; ok {
			title = p.DisplayName + " sent you a message on Sojourn"
		}
		body := "You have 1 unread message."
		if len(unread) > 1 {
			body = "You have " + strconv.Itoa(len(unread)) + " unread messages."
		}
		if err := s.c.Events.Emit(ctx, tx, events.Event{Type: "message.unread", Category: events.CategoryMessages,
			Recipients: []string{j.UserID}, Title: title, Body: body, Link: "/messaging?c=" + conv.ID,
			Subject: events.Ref{Type: "conversation", ID: conv.ID}, GroupKey: "messages:" + conv.ID,
			Email: true, SkipInApp: true}); err != nil {
			return err
		}
		emitted = true
		return nil
	})
	return emitted, early, err
}
