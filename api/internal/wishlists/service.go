package wishlists

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/catalog"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/platform/mail"
)

// Catalog is what wishlists read of the catalogue (catalog.Service).
type Catalog interface {
	Variants(ctx context.Context, db bun.IDB, ids []string) (map[string]catalog.Variant, error)
	PublicProduct(ctx context.Context, id string) (catalog.Product, error)
}

// Directory names owners and finds their email (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Origins gives the user portal's origin for the alert mails' links (config.Config).
type Origins interface {
	PortalOrigin(portal string) string
}

// Config is what the module needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger
	Catalog   Catalog
	Directory Directory
	Mailer    mail.Mailer
	Origins   Origins
}

// Service holds the wishlist rules.
type Service struct {
	c  Config
	db *bun.DB
}

// The domain's errors.
var (
	ErrNotFound     = apperr.NotFound("Wishlist")
	errItemNotFound = apperr.NotFound("Wishlist item")
	errVariant      = apperr.NotFound("Product variant")
	errTooManyLists = apperr.Conflict("You may keep at most 20 wishlists.")
	errTooManyItems = apperr.Conflict("A wishlist holds at most 200 items.")
	errSavedTwice   = apperr.Conflict("This product is in the list already.")
	errDefault      = apperr.Conflict("The default list cannot be deleted.")
)

// AlertEvery is how often the alert chore compares saved items with the catalogue.
const AlertEvery = 15 * time.Minute

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Catalog == nil || c.Directory == nil || c.Mailer == nil || c.Origins == nil {
		return nil, errors.New("wishlists: Config needs DB, Clock, Catalog, Directory, Mailer and Origins")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, db: c.DB.DB}, nil
}

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }

// AlertJob is the periodic alert check.
type AlertJob struct{}

// Kind names the job.
func (AlertJob) Kind() string { return "shop.wishlist_alerts" }

// RegisterJobs adds the alert chore.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddChore[AlertJob](r, AlertEvery, s.CheckAlerts)
}

func checkName(f apperr.Fields, name string) {
	f.Check(strings.TrimSpace(name) != "", "name", "is required")
	f.Check(utf8.RuneCountInString(name) <= MaxName, "name", "is too long (at most 60 characters)")
	f.Check(!strings.ContainsAny(name, "\n\r\t"), "name", "must be one line")
}

func newToken() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// ensureDefault writes the user's default list unless it exists.
func (s *Service) ensureDefault(ctx context.Context, userID string) error {
	now := s.c.Clock.Now()
	_, err := s.db.NewRaw(`INSERT INTO shop_wishlists (id, user_id, name, is_default, created_at, updated_at)
		VALUES (?, ?, ?, TRUE, ?, ?) ON CONFLICT (user_id) WHERE is_default DO NOTHING`,
		ids.New(), userID, DefaultName, now, now).Exec(ctx)
	return err
}

// Lists answers the caller's lists (the default "Saved" first, made on
// first use) with their items, priced now.
func (s *Service) Lists(ctx context.Context, userID string) ([]List, error) {
	if err := s.ensureDefault(ctx, userID); err != nil {
		return nil, err
	}
	var rows []listRow
	if err := s.db.NewSelect().Model(&rows).Where("user_id = ?", userID).
		OrderExpr("is_default DESC, created_at, id").Scan(ctx); err != nil {
		return nil, err
	}
	return s.withItems(ctx, rows, true)
}

func (s *Service) withItems(ctx context.Context, rows []listRow, private bool) ([]List, error) {
	lids := make([]string, 0, len(rows))
	for _, r := range rows {
		lids = append(lids, r.ID)
	}
	var items []itemRow
	if len(lids) > 0 {
		if err := s.db.NewSelect().Model(&items).Where("wishlist_id IN (?)", bun.In(lids)).
			OrderExpr("created_at DESC, id DESC").Scan(ctx); err != nil {
			return nil, err
		}
	}
	vids := make([]string, 0, len(items))
	for _, it := range items {
		vids = append(vids, it.VariantID)
	}
	vs, err := s.c.Catalog.Variants(ctx, s.db, vids)
	if err != nil {
		return nil, err
	}
	out := make([]List, 0, len(rows))
	for _, r := range rows {
		l := List{ID: r.ID, Name: r.Name, IsDefault: r.IsDefault, Items: []Item{}, CreatedAt: r.CreatedAt.UTC()}
		if private {
			l.ShareToken = r.ShareToken
		}
		for _, it := range items {
			if it.WishlistID == r.ID {
				l.Items = append(l.Items, view(it, vs[it.VariantID], private))
			}
		}
		out = append(out, l)
	}
	return out, nil
}

func view(it itemRow, v catalog.Variant, private bool) Item {
	cur := v.Currency
	if cur == "" {
		cur = catalog.Currency
	}
	out := Item{ID: it.ID, ProductID: it.ProductID, VariantID: it.VariantID, Title: v.ProductTitle, VariantTitle: v.Title,
		PhotoURL: v.PhotoURL, SavedPrice: Money{it.SavedPrice, cur}, Price: Money{v.Price, cur}, Available: v.Available,
		Purchasable: v.Purchasable && v.ID != "", SavedAvailable: it.SavedAvailable, CreatedAt: it.CreatedAt.UTC()}
	if v.ID == "" { // gone from the catalogue
		out.Title, out.Price = "No longer available", Money{it.SavedPrice, cur}
	}
	if private {
		out.AlertPrice, out.AlertStock = it.AlertPrice, it.AlertStock
	}
	return out
}

func (s *Service) own(ctx context.Context, userID, id string) (*listRow, error) {
	r := new(listRow)
	err := s.db.NewSelect().Model(r).Where("id = ? AND user_id = ?", id, userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

func (s *Service) one(ctx context.Context, r *listRow) (List, error) {
	out, err := s.withItems(ctx, []listRow{*r}, true)
	if err != nil {
		return List{}, err
	}
	return out[0], nil
}

// Create adds a named list (at most 20 per user).
func (s *Service) Create(ctx context.Context, userID string, in ListInput) (List, error) {
	f := apperr.Fields{}
	name := ""
	if in.Name != nil {
		name = strings.TrimSpace(*in.Name)
	}
	checkName(f, name)
	if err := f.Err(); err != nil {
		return List{}, err
	}
	if err := s.ensureDefault(ctx, userID); err != nil {
		return List{}, err
	}
	now := s.c.Clock.Now()
	r := &listRow{ID: ids.New(), UserID: userID, Name: name, CreatedAt: now, UpdatedAt: now}
	if in.Shared != nil && *in.Shared {
		t, err := newToken()
		if err != nil {
			return List{}, err
		}
		r.ShareToken = &t
	}
	// Counted before the insert: two concurrent creates may overshoot the
	// bound by one; it limits a person's clutter, not a resource.
	n, err := s.db.NewSelect().Model((*listRow)(nil)).Where("user_id = ?", userID).Count(ctx)
	if err != nil {
		return List{}, err
	}
	if n >= MaxLists {
		return List{}, errTooManyLists
	}
	if _, err := s.db.NewInsert().Model(r).Exec(ctx); err != nil {
		return List{}, err
	}
	return s.one(ctx, r)
}

// Update renames a list and turns its share link on (a new unguessable
// token) or off.
func (s *Service) Update(ctx context.Context, userID, id string, in ListInput) (List, error) {
	f := apperr.Fields{}
	if in.Name != nil {
		checkName(f, strings.TrimSpace(*in.Name))
	}
	if err := f.Err(); err != nil {
		return List{}, err
	}
	r, err := s.own(ctx, userID, id)
	if err != nil {
		return List{}, err
	}
	q := s.db.NewUpdate().Model((*listRow)(nil)).Set("updated_at = ?", s.c.Clock.Now()).Where("id = ?", id)
	if in.Name != nil {
		r.Name = strings.TrimSpace(*in.Name)
		q = q.Set("name = ?", r.Name)
	}
	if in.Shared != nil {
		switch {
		case !*in.Shared:
			r.ShareToken = nil
		case r.ShareToken == nil:
			t, err := newToken()
			if err != nil {
				return List{}, err
			}
			r.ShareToken = &t
		}
		q = q.Set("share_token = ?", r.ShareToken)
	}
	if _, err := q.Exec(ctx); err != nil {
		return List{}, err
	}
	return s.one(ctx, r)
}

// Delete removes a list and its items (not the default list).
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	r, err := s.own(ctx, userID, id)
	if err != nil {
		return err
	}
	if r.IsDefault {
		return errDefault
	}
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewDelete().Model((*itemRow)(nil)).Where("wishlist_id = ?", id).Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewDelete().Model((*listRow)(nil)).Where("id = ?", id).Exec(ctx)
		return err
	})
}

// AddItem saves a product (the variant given, else its first) in one of
// the caller's lists, with the price and stock seen now.
func (s *Service) AddItem(ctx context.Context, userID, listID string, in ItemInput) (List, error) {
	f := apperr.Fields{}
	f.Check(strings.TrimSpace(in.ProductID) != "" && len(in.ProductID) <= 64, "product_id", "is required (at most 64 characters)")
	f.Check(len(in.VariantID) <= 64, "variant_id", "is too long")
	if err := f.Err(); err != nil {
		return List{}, err
	}
	r, err := s.own(ctx, userID, listID)
	if err != nil {
		return List{}, err
	}
	vid := in.VariantID
	if vid == "" {
		p, err := s.c.Catalog.PublicProduct(ctx, in.ProductID)
		if err != nil {
			return List{}, err
		}
		if len(p.Variants) == 0 {
			return List{}, errVariant
		}
		vid = p.Variants[0].ID
	}
	vs, err := s.c.Catalog.Variants(ctx, s.db, []string{vid})
	if err != nil {
		return List{}, err
	}
	v, ok := vs[vid]
	if !ok || v.ProductID != in.ProductID {
		return List{}, errVariant
	}
	n, err := s.db.NewSelect().Model((*itemRow)(nil)).Where("wishlist_id = ?", listID).Count(ctx)
	if err != nil {
		return List{}, err
	}
	if n >= MaxItems {
		return List{}, errTooManyItems
	}
	it := &itemRow{ID: ids.New(), WishlistID: listID, UserID: userID, ProductID: v.ProductID, VariantID: v.ID,
		SavedPrice: v.Price, SavedAvailable: v.Available, SeenPrice: v.Price, SeenAvailable: v.Available,
		AlertPrice: in.AlertPrice, AlertStock: in.AlertStock, CreatedAt: s.c.Clock.Now()}
	res, err := s.db.NewInsert().Model(it).On("CONFLICT (wishlist_id, variant_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return List{}, err
	}
	if k, _ := res.RowsAffected(); k == 0 {
		return List{}, errSavedTwice
	}
	return s.one(ctx, r)
}

// SetAlerts turns an item's price-drop and back-in-stock alerts on or off
// (counting from the price and stock seen now).
func (s *Service) SetAlerts(ctx context.Context, userID, listID, itemID string, in AlertInput) (List, error) {
	r, err := s.own(ctx, userID, listID)
	if err != nil {
		return List{}, err
	}
	it := new(itemRow)
	if err := s.db.NewSelect().Model(it).Where("id = ? AND wishlist_id = ?", itemID, listID).Scan(ctx); err != nil {
		return List{}, errItemNotFound
	}
	vs, err := s.c.Catalog.Variants(ctx, s.db, []string{it.VariantID})
	if err != nil {
		return List{}, err
	}
	q := s.db.NewUpdate().Model((*itemRow)(nil)).Where("id = ?", itemID)
	if v, ok := vs[it.VariantID]; ok {
		q = q.Set("seen_price = ?", v.Price).Set("seen_available = ?", v.Available)
	}
	if in.AlertPrice != nil {
		q = q.Set("alert_price = ?", *in.AlertPrice)
	}
	if in.AlertStock != nil {
		q = q.Set("alert_stock = ?", *in.AlertStock)
	}
	if _, err := q.Exec(ctx); err != nil {
		return List{}, err
	}
	return s.one(ctx, r)
}

// RemoveItem takes an item out of one of the caller's lists.
func (s *Service) RemoveItem(ctx context.Context, userID, listID, itemID string) (List, error) {
	r, err := s.own(ctx, userID, listID)
	if err != nil {
		return List{}, err
	}
	res, err := s.db.NewDelete().Model((*itemRow)(nil)).Where("id = ? AND wishlist_id = ?", itemID, listID).Exec(ctx)
	if err != nil {
		return List{}, err
	}
	if k, _ := res.RowsAffected(); k == 0 {
		return List{}, errItemNotFound
	}
	return s.one(ctx, r)
}

// Shared answers a list by its share token (public; a wrong or withdrawn token is 404).
func (s *Service) Shared(ctx context.Context, token string) (SharedList, error) {
	if token == "" || len(token) > 64 {
		return SharedList{}, ErrNotFound
	}
	r := new(listRow)
	if err := s.db.NewSelect().Model(r).Where("share_token = ?", token).Scan(ctx); err != nil {
		return SharedList{}, ErrNotFound
	}
	ls, err := s.withItems(ctx, []listRow{*r}, false)
	if err != nil {
		return SharedList{}, err
	}
	people, err := s.c.Directory.Lookup(ctx, []string{r.UserID})
	if err != nil {
		return SharedList{}, err
	}
	owner := people[r.UserID].DisplayName
	if owner == "" {
		owner = people[r.UserID].Username
	}
	return SharedList{Name: r.Name, OwnerName: owner, Items: ls[0].Items}, nil
}

// CheckAlerts compares every item with an alert on with the catalogue and
// mails its owner once per change: a price below the price last seen, or
// stock back after none was left. Each item's seen price and stock move
// with a conditional update first, so a change is mailed once even if two
// checks overlap.
func (s *Service) CheckAlerts(ctx context.Context) error {
	after := ""
	for {
		var items []itemRow
		if err := s.db.NewSelect().Model(&items).Where("(alert_price OR alert_stock) AND id > ?", after).
			OrderExpr("id").Limit(alertBatch).Scan(ctx); err != nil {
			return err
		}
		if len(items) == 0 {
			return nil
		}
		after = items[len(items)-1].ID
		vids := make([]string, 0, len(items))
		uids := make([]string, 0, len(items))
		for _, it := range items {
			vids, uids = append(vids, it.VariantID), append(uids, it.UserID)
		}
		vs, err := s.c.Catalog.Variants(ctx, s.db, vids)
		if err != nil {
			return err
		}
		people, err := s.c.Directory.Lookup(ctx, uids)
		if err != nil {
			return err
		}
		for _, it := range items {
			v, ok := vs[it.VariantID]
			if !ok || (v.Price == it.SeenPrice && v.Available == it.SeenAvailable) {
				continue
			}
			drop := it.AlertPrice && v.Price < it.SeenPrice && v.Purchasable
			back := it.AlertStock && it.SeenAvailable <= 0 && v.Available > 0 && v.Purchasable
			res, err := s.db.NewUpdate().Model((*itemRow)(nil)).Set("seen_price = ?", v.Price).
				Set("seen_available = ?", v.Available).
				Where("id = ? AND seen_price = ? AND seen_available = ?", it.ID, it.SeenPrice, it.SeenAvailable).Exec(ctx)
			if err != nil {
				return err
			}
			if k, _ := res.RowsAffected(); k == 0 || (!drop && !back) {
				continue
			}
			p := people[it.UserID]
			if p.Email == "" {
				continue
			}
			if err := s.c.Mailer.Send(ctx, alertMail(s.c.Origins.PortalOrigin("user"), p.Email, it, v, drop, back)); err != nil {
				return err
			}
		}
		if len(items) < alertBatch {
			return nil
		}
	}
}

func naira(minor int64) string {
	return fmt.Sprintf("NGN %d.%02d", minor/100, minor%100)
}

func alertMail(origin, to string, it itemRow, v catalog.Variant, drop, back bool) mail.Message {
	title := v.ProductTitle
	if v.Title != "" {
		title += " (" + v.Title + ")"
	}
	var b strings.Builder
	subject := "Back in stock: " + v.ProductTitle
	if drop {
		subject = "Price drop: " + v.ProductTitle
		fmt.Fprintf(&b, "Good news: %s, on your Sojourn wishlist, now costs %s (it was %s).\n\n", title,
			naira(v.Price), naira(it.SeenPrice))
	}
	if back {
		fmt.Fprintf(&b, "%s is back in stock: %d available.\n\n", title, v.Available)
	}
	fmt.Fprintf(&b, "See it: %s/shop/ProductDetails?id=%s\nYour wishlists: %s/shop/wishlist\n\n"+
		"You receive this because you turned on alerts for this item; turn them off on your wishlist.\n",
		origin, it.ProductID, origin)
	return mail.Message{To: to, Subject: subject, Text: b.String()}
}
