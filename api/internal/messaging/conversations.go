package messaging

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// StartInput starts (or finds) a one-to-one conversation with To, about
// About ("type:id", optional).
type StartInput struct {
	To    string `json:"to"`
	About string `json:"about"`
}

// GroupInput creates a group.
type GroupInput struct {
	Title   string   `json:"title"`
	Members []string `json:"members"`
}

// MembersInput adds people to a group.
type MembersInput struct {
	Members []string `json:"members"`
}

// checkPeople verifies each id is an active person other than me whom me
// may message.
func (s *Service) checkPeople(ctx context.Context, me string, others []string, field string) error {
	return s.checkPeopleAbout(ctx, me, others, field, false)
}

// checkPeopleAbout is checkPeople for a conversation whose subject may have
// introduced the people (privacy then does not refuse them; blocks do).
func (s *Service) checkPeopleAbout(ctx context.Context, me string, others []string, field string, introduced bool) error {
	for _, o := range others {
		if !ids.Valid(o) {
			return apperr.Validation(map[string]string{field: "must name people on Sojourn"})
		}
		if o == me {
			return apperr.Validation(map[string]string{field: "must be someone else"})
		}
	}
	people, err := s.c.Directory.Lookup(ctx, others)
	if err != nil {
		return err
	}
	for _, o := range others {
		if p, ok := people[o]; !ok || !p.Active() {
			return apperr.Validation(map[string]string{field: "must name people on Sojourn"})
		}
		if err := s.mayMessage(ctx, me, o, introduced); err != nil {
			return err
		}
	}
	return nil
}

// Start finds or creates the one-to-one conversation of me and in.To about
// in.About; created says whether it is new.
func (s *Service) Start(ctx context.Context, me string, in StartInput) (Conversation, bool, error) {
	in.To, in.About = strings.TrimSpace(in.To), strings.TrimSpace(in.About)
	typ, sid, ok := parseAbout(in.About)
	if !ok {
		return Conversation{}, false, apperr.Validation(map[string]string{"about": "must be type:id"})
	}
	if in.To == "" && typ != "" {
		// "Message the guide" from a tour page: the subject names the one
		// person to talk to (a tour's guide, a product's seller), so no
		// user id needs to leave its domain.
		to, err := s.counterpart(ctx, typ, sid, me)
		if err != nil {
			return Conversation{}, false, err
		}
		in.To = to
	}
	if in.To == "" {
		return Conversation{}, false, apperr.Validation(map[string]string{"to": "is required"})
	}
	if err := s.checkPeopleAbout(ctx, me, []string{in.To}, "to", s.introduced(ctx, typ, sid, me)); err != nil {
		return Conversation{}, false, err
	}
	if typ != "" {
		if err := s.allowedSubject(ctx, typ, sid, me, in.To); err != nil {
			return Conversation{}, false, err
		}
	}
	pair := []string{me, in.To}
	sort.Strings(pair)
	key := pair[0] + "|" + pair[1] + "|" + typ + ":" + sid
	var existing conversationRow
	err := s.c.DB.NewSelect().Model(&existing).Where("pair_key = ?", key).Scan(ctx)
	if err == nil {
		c, err := s.Get(ctx, me, existing.ID)
		return c, false, err
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return Conversation{}, false, err
	}
	now := s.now()
	row := &conversationRow{ID: ids.New(), Kind: KindDirect, CreatedBy: me, SubjectType: typ, SubjectID: sid,
		PairKey: &key, CreatedAt: now, UpdatedAt: now}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return err
		}
		ms := []memberRow{{ConversationID: row.ID, UserID: me, Role: RoleOwner, JoinedAt: now, ActivityAt: now},
			{ConversationID: row.ID, UserID: in.To, Role: RoleMember, JoinedAt: now, ActivityAt: now}}
		_, err := tx.NewInsert().Model(&ms).Exec(ctx)
		return err
	})
	if db.IsUniqueViolation(err) { // started at the same moment by the other side
		if err := s.c.DB.NewSelect().Model(&existing).Where("pair_key = ?", key).Scan(ctx); err != nil {
			return Conversation{}, false, err
		}
		c, err := s.Get(ctx, me, existing.ID)
		return c, false, err
	}
	if err != nil {
		return Conversation{}, false, err
	}
	c, err := s.Get(ctx, me, row.ID)
	if err == nil {
		s.publish(ctx, []string{in.To}, "conversation.updated", map[string]any{"conversation_id": row.ID})
	}
	return c, true, err
}

func cleanMembers(list []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(list))
	for _, m := range list {
		m = strings.TrimSpace(m)
		if m != "" && !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}

// CreateGroup makes a named group of me and in.Members.
func (s *Service) CreateGroup(ctx context.Context, me string, in GroupInput) (Conversation, error) {
	in.Title = strings.TrimSpace(in.Title)
	in.Members = cleanMembers(in.Members)
	f := apperr.Fields{}
	f.Check(in.Title != "", "title", "is required")
	f.Check(utf8.RuneCountInString(in.Title) <= MaxTitle, "title", "must be at most 100 characters")
	f.Check(len(in.Members) >= 1, "members", "must name at least one person")
	f.Check(len(in.Members) < MaxGroupSize, "members", "must name at most 49 people")
	if err := f.Err(); err != nil {
		return Conversation{}, err
	}
	if err := s.checkPeople(ctx, me, in.Members, "members"); err != nil {
		return Conversation{}, err
	}
	now := s.now()
	row := &conversationRow{ID: ids.New(), Kind: KindGroup, Title: in.Title, CreatedBy: me, CreatedAt: now, UpdatedAt: now}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return err
		}
		ms := []memberRow{{ConversationID: row.ID, UserID: me, Role: RoleOwner, JoinedAt: now, ActivityAt: now}}
		for _, m := range in.Members {
			ms = append(ms, memberRow{ConversationID: row.ID, UserID: m, Role: RoleMember, JoinedAt: now, ActivityAt: now})
		}
		_, err := tx.NewInsert().Model(&ms).Exec(ctx)
		return err
	})
	if err != nil {
		return Conversation{}, err
	}
	s.publish(ctx, in.Members, "conversation.updated", map[string]any{"conversation_id": row.ID})
	return s.Get(ctx, me, row.ID)
}

// AddMembers adds people to a group; only its creator may.
func (s *Service) AddMembers(ctx context.Context, me, id string, in MembersInput) (Conversation, error) {
	conv, err := s.membership(ctx, s.c.DB, id, me)
	if err != nil {
		return Conversation{}, err
	}
	if conv.Kind != KindGroup || conv.CreatedBy != me {
		return Conversation{}, ErrNotOwner
	}
	in.Members = cleanMembers(in.Members)
	if len(in.Members) == 0 || len(in.Members) >= MaxGroupSize {
		return Conversation{}, apperr.Validation(map[string]string{"members": "must name 1 to 49 people"})
	}
	if err := s.checkPeople(ctx, me, in.Members, "members"); err != nil {
		return Conversation{}, err
	}
	now := s.now()
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := tx.NewSelect().Model((*memberRow)(nil)).Where("conversation_id = ?", id).Count(ctx)
		if err != nil {
			return err
		}
		ms := make([]memberRow, 0, len(in.Members))
		for _, m := range in.Members {
			// New members start with everything so far read: they were not there.
			ms = append(ms, memberRow{ConversationID: id, UserID: m, Role: RoleMember, JoinedAt: now, ActivityAt: now,
				LastReadSeq: conv.LastSeq, MailedSeq: conv.LastSeq})
		}
		if int(n)+len(ms) > MaxGroupSize {
			return apperr.Validation(map[string]string{"members": "a group holds at most 50 people"})
		}
		_, err = tx.NewInsert().Model(&ms).On("CONFLICT DO NOTHING").Exec(ctx)
		return err
	})
	if err != nil {
		return Conversation{}, err
	}
	c, err := s.Get(ctx, me, id)
	if err == nil {
		s.publish(ctx, memberIDs(c), "conversation.updated", map[string]any{"conversation_id": id})
	}
	return c, err
}

func memberIDs(c Conversation) []string {
	out := make([]string, 0, len(c.Members))
	for _, m := range c.Members {
		out = append(out, m.ID)
	}
	return out
}

// membership answers the conversation when user is in it; ErrNotFound
// otherwise (outsiders cannot tell it exists).
func (s *Service) membership(ctx context.Context, q bun.IDB, id, user string) (*conversationRow, error) {
	if !ids.Valid(id) {
		return nil, ErrNotFound
	}
	var row conversationRow
	err := q.NewSelect().Model(&row).
		Where("c.id = ?", id).
		Where("EXISTS (SELECT 1 FROM messaging_members mm WHERE mm.conversation_id = c.id AND mm.user_id = ?)", user).
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return &row, err
}

// members are a conversation's member ids.
func (s *Service) members(ctx context.Context, q bun.IDB, id string) ([]string, error) {
	var out []string
	err := q.NewSelect().Model((*memberRow)(nil)).Column("user_id").Where("conversation_id = ?", id).
		OrderExpr("joined_at, user_id").Scan(ctx, &out)
	return out, err
}

// Get is one conversation for a member.
func (s *Service) Get(ctx context.Context, me, id string) (Conversation, error) {
	row, err := s.membership(ctx, s.c.DB, id, me)
	if err != nil {
		return Conversation{}, err
	}
	out, err := s.views(ctx, me, []conversationRow{*row})
	if err != nil {
		return Conversation{}, err
	}
	return out[0], nil
}

// List is a keyset page of me's conversations, the most recently active
// first.
func (s *Service) List(ctx context.Context, me string, cur page.Cursor) ([]Conversation, *page.Key, error) {
	type listed struct {
		conversationRow
		ActivityAt time.Time `bun:"activity_at"`
	}
	var rows []listed
	q := s.c.DB.NewSelect().TableExpr("messaging_members AS m").
		Join("JOIN messaging_conversations AS c ON c.id = m.conversation_id").
		ColumnExpr("c.*").ColumnExpr("m.activity_at").
		Where("m.user_id = ?", me).OrderExpr("m.activity_at DESC, m.conversation_id DESC").Limit(int64(cur.Fetch()))
	if cur.After != nil {
		q = q.Where("(m.activity_at, m.conversation_id) < (?, ?)", cur.After.CreatedAt, cur.After.ID)
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, cur, func(r listed) page.Key { return page.Key{CreatedAt: r.ActivityAt, ID: r.ID} })
	convs := make([]conversationRow, len(rows))
	for i, r := range rows {
		convs[i] = r.conversationRow
	}
	out, err := s.views(ctx, me, convs)
	return out, next, err
}

// views turns rows into what me sees: members with presence and receipts,
// the last message, unread counts and subject cards.
func (s *Service) views(ctx context.Context, me string, rows []conversationRow) ([]Conversation, error) {
	out := make([]Conversation, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	cids := make([]string, len(rows))
	for i, r := range rows {
		cids[i] = r.ID
	}
	var ms []memberRow
	if err := s.c.DB.NewSelect().Model(&ms).Where("m.conversation_id IN (?)", bun.In(cids)).
		OrderExpr("m.joined_at, m.user_id").Scan(ctx); err != nil {
		return nil, err
	}
	var uids []string
	for _, m := range ms {
		uids = append(uids, m.UserID)
	}
	people, err := s.people(ctx, uids)
	if err != nil {
		return nil, err
	}
	unread, err := s.unreadIn(ctx, me, cids)
	if err != nil {
		return nil, err
	}
	lasts, err := s.lastMessages(ctx, me, rows)
	if err != nil {
		return nil, err
	}
	byConv := map[string][]memberRow{}
	for _, m := range ms {
		byConv[m.ConversationID] = append(byConv[m.ConversationID], m)
	}
	for _, r := range rows {
		c := Conversation{ID: r.ID, Kind: r.Kind, Title: r.Title, CreatedBy: r.CreatedBy, LastSeq: r.LastSeq,
			Unread: unread[r.ID], UpdatedAt: r.UpdatedAt.UTC(), Members: []Member{}}
		if r.LastMessageAt != nil {
			c.UpdatedAt = r.LastMessageAt.UTC()
		}
		for _, m := range byConv[r.ID] {
			c.Members = append(c.Members, Member{Person: people[m.UserID], Role: m.Role, ReadUpTo: m.ReceiptSeq})
		}
		if l, ok := lasts[r.ID]; ok {
			c.LastMessage = &l
		}
		c.Subject = s.card(ctx, r.SubjectType, r.SubjectID, me)
		out = append(out, c)
	}
	return out, nil
}

// people are display names and avatars with presence.
func (s *Service) people(ctx context.Context, uids []string) (map[string]Person, error) {
	dir, err := s.c.Directory.Lookup(ctx, uids)
	if err != nil {
		return nil, err
	}
	pres, err := s.c.Live.Presence(ctx, uids)
	if err != nil {
		s.c.Log.Warn("messaging: presence", "err", err)
		pres = nil
	}
	out := make(map[string]Person, len(uids))
	for _, id := range uids {
		p := Person{ID: id, DisplayName: "Sojourn member"}
		if d, ok := dir[id]; ok {
			if d.DisplayName != "" {
				p.DisplayName = d.DisplayName
			} else if d.Username != "" {
				p.DisplayName = d.Username
			}
			p.AvatarURL = d.AvatarURL
		}
		if st, ok := pres[id]; ok {
			p.Online = st.Online
			if !st.LastSeen.IsZero() {
				t := st.LastSeen.UTC()
				p.LastSeen = &t
			}
		}
		out[id] = p
	}
	return out, nil
}
