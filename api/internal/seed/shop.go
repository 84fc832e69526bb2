package seed

import (
	"context"
	"fmt"
	"hash/fnv"
	"image/color"
	"runtime"
	"strings"

	"sojourn/api/internal/app"
	"sojourn/api/internal/catalog"
	"sojourn/api/internal/platform/apperr"
)

// demoShop sets up the shop's catalogue: the category tree, twelve stores
// and their products (every store's lines in each of its collections, 1 to
// 6 variants with stock, some low and some out), a photo each, luxury
// items with verified certificates (two still waiting for an admin), and a
// few products pending review or still drafts. A store that already has
// products is left as it is.
func demoShop(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	adminID, err := userIDOf(ctx, a, ids, "admin@example.com")
	if err != nil {
		return "", err
	}
	cats, err := shopCategories(ctx, a, adminID)
	if err != nil {
		return "", fmt.Errorf("categories: %w", err)
	}
	made, pending, drafts := 0, 0, 0
	users := make([]string, len(ShopVendors))
	var undrawn []int
	for vi, v := range ShopVendors {
		userID, err := shopVendorUser(ctx, a, ids, v)
		if err != nil {
			return "", err
		}
		users[vi] = userID
		if mine, err := a.Catalog.MyProducts(ctx, userID, "", "", "", 1); err != nil {
			return "", err
		} else if len(mine.Data) == 0 {
			undrawn = append(undrawn, vi)
		}
	}
	// The demo stores are set up already: their set-up wizard counts as
	// submitted, so their dashboards do not offer it.
	for _, userID := range users {
		if err := a.Onboarding.MarkSubmitted(ctx, userID, catalog.FlowName); err != nil {
			return "", err
		}
	}
	photos := drawShopPhotos(undrawn)
	for _, vi := range undrawn {
		v, userID := ShopVendors[vi], users[vi]
		st, err := a.Catalog.SaveStore(ctx, userID, storeInput(v))
		if err != nil {
			return "", fmt.Errorf("%s store: %w", v.email(), err)
		}
		if _, err := a.Catalog.SetLogo(ctx, userID, Avatar(v.Palette[0])); err != nil {
			return "", fmt.Errorf("%s logo: %w", v.email(), err)
		}
		if v.ReviewAll {
			t := true
			if _, err := a.Catalog.AdminUpdateStore(ctx, adminID, "127.0.0.1", st.ID, catalog.AdminStorePatch{ReviewAll: &t}); err != nil {
				return "", err
			}
		}
		n, p, d, err := shopProducts(ctx, a, adminID, userID, vi, v, cats, photos[vi])
		made, pending, drafts = made+n, pending+p, drafts+d
		if err != nil {
			return "", fmt.Errorf("%s products: %w", v.email(), err)
		}
	}
	return fmt.Sprintf("demo shop: %d products made in %d stores (%d pending review, %d drafts)\n", made, len(ShopVendors),
		pending, drafts), nil
}

func shopVendorUser(ctx context.Context, a *app.App, ids map[string]string, v ShopVendor) (string, error) {
	if v.Person.Email == "" {
		return userIDOf(ctx, a, ids, v.email())
	}
	id, isNew, err := ensureUser(ctx, a, v.Person)
	if err != nil {
		return "", fmt.Errorf("%s: %w", v.email(), err)
	}
	if isNew {
		if err := fillProfile(ctx, a, id, v.Person); err != nil {
			return "", fmt.Errorf("%s profile: %w", v.email(), err)
		}
	}
	ids[v.email()] = id
	return id, nil
}

// shopCategories makes the demo tree (those missing) and answers every
// category's id by name.
func shopCategories(ctx context.Context, a *app.App, adminID string) (map[string]string, error) {
	tree, err := a.Catalog.Categories(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	var walk func([]catalog.Category)
	walk = func(cs []catalog.Category) {
		for _, c := range cs {
			out[c.Name] = c.ID
			walk(c.Children)
		}
	}
	walk(tree)
	for i, c := range ShopCategories {
		if out[c.Name] != "" {
			continue
		}
		name, pos := c.Name, i
		in := catalog.CategoryInput{Name: &name, Position: &pos}
		if c.Parent != "" {
			parent := out[c.Parent]
			in.ParentID = &parent
		}
		made, err := a.Catalog.CreateCategory(ctx, adminID, "127.0.0.1", in)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.Name, err)
		}
		out[c.Name] = made.ID
	}
	return out, nil
}

func storeInput(v ShopVendor) catalog.StoreInput {
	ship := []catalog.ShippingInput{{Code: "standard", Label: "Standard delivery", Fee: 250000, MinDays: 2, MaxDays: 5},
		{Code: "express", Label: "Express courier", Fee: 600000, MinDays: 1, MaxDays: 2}}
	if v.Country != "NG" {
		ship = []catalog.ShippingInput{{Code: "international", Label: "International tracked", Fee: 850000, MinDays: 5, MaxDays: 10},
			{Code: "express", Label: "DHL Express", Fee: 2000000, MinDays: 3, MaxDays: 5}}
	}
	if v.Luxury {
		ship = []catalog.ShippingInput{{Code: "insured", Label: "Insured courier, signed on delivery", Fee: 1500000, MinDays: 1, MaxDays: 3}}
	}
	return catalog.StoreInput{Name: v.Store, About: v.About, Address: v.Address, City: v.City, Country: v.Country,
		ReturnDays: v.ReturnDays, ReturnPolicy: v.ReturnPolicy, Shipping: ship}
}

func seedOf(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		_, _ = h.Write([]byte(p))
	}
	return h.Sum64()
}

// shopProducts makes one store's products: each line in each collection.
// The first is approved by an admin (the store becomes trusted); the rest
// publish on submit, except in stores under review where the admin approves
// all but the last two or three (left pending review).
func shopProducts(ctx context.Context, a *app.App, adminID, userID string, vi int, v ShopVendor,
	cats map[string]string, photos []chan catalog.PhotoSet) (made, pending, drafts int, err error) {
	total := len(v.Collections) * len(v.Lines)
	leavePending := 0
	switch {
	case v.Luxury:
		leavePending = 2
	case v.ReviewAll:
		leavePending = 3
	}
	k := 0
	for ci, col := range v.Collections {
		for li, line := range v.Lines {
			seed := seedOf(v.Store, col, line.Name)
			in, luxury := productInput(v, vi, ci, li, k, col, line, cats, seed)
			p, err := a.Catalog.CreateProduct(ctx, userID, in)
			if err != nil {
				return made, pending, drafts, fmt.Errorf("%s: %w", *in.Title, err)
			}
			made++
			pal := v.Palette
			if err := a.Catalog.AddPhotoSet(ctx, userID, p.ID, <-photos[k]); err != nil {
				return made, pending, drafts, err
			}
			last := k >= total-leavePending
			if luxury {
				if _, err := a.Catalog.UploadCertificate(ctx, userID, p.ID, certificateImage(pal[0], seed)); err != nil {
					return made, pending, drafts, err
				}
				if !last {
					if _, err := a.Catalog.DecideCertificate(ctx, adminID, "127.0.0.1", p.ID, true, ""); err != nil {
						return made, pending, drafts, err
					}
				}
			}
			k++
			if k == total && v.Store == "Little Explorers" { // one draft still being written
				drafts++
				continue
			}
			sub, err := a.Catalog.Submit(ctx, userID, p.ID)
			if err != nil {
				return made, pending, drafts, err
			}
			if sub.Status == catalog.StatusPendingReview {
				if (v.ReviewAll || v.Luxury) && last {
					pending++
					continue
				}
				if _, err := a.Catalog.Approve(ctx, adminID, "127.0.0.1", p.ID); err != nil && !apperr.Is(err, apperr.CodeConflict) {
					return made, pending, drafts, err
				}
			}
		}
	}
	return made, pending, drafts, nil
}

// drawShopPhotos draws the photos of the stores' products in the
// background, one worker per CPU, while the products are written: each
// product's photo arrives on its own channel, in the order the products
// are made.
func drawShopPhotos(vendors []int) map[int][]chan catalog.PhotoSet {
	type job struct {
		out             chan catalog.PhotoSet
		shape           string
		bg, obj, accent color.RGBA
		seed            uint64
	}
	out := map[int][]chan catalog.PhotoSet{}
	jobs := make(chan job, 512)
	var all []job
	for _, vi := range vendors {
		v := ShopVendors[vi]
		pal := v.Palette
		for ci, col := range v.Collections {
			for li, line := range v.Lines {
				j := job{out: make(chan catalog.PhotoSet, 1), shape: line.Shape, obj: pal[(ci+li)%len(pal)],
					bg: pal[(ci+li+1)%len(pal)], accent: pal[(ci+2*li+2)%len(pal)], seed: seedOf(v.Store, col, line.Name)}
				out[vi] = append(out[vi], j.out)
				all = append(all, j)
			}
		}
	}
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		go func() {
			for j := range jobs {
				j.out <- productPhoto(j.shape, j.bg, j.obj, j.accent, j.seed)
			}
		}()
	}
	go func() {
		for _, j := range all {
			jobs <- j
		}
		close(jobs)
	}()
	return out
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// productInput writes one product: title, description, tags, options and
// variants with prices, stock and weights.
func productInput(v ShopVendor, vi, ci, li, k int, col string, line ProductLine, cats map[string]string,
	seed uint64) (catalog.ProductInput, bool) {
	title := col + " " + line.Name
	if v.Store == "Jacaranda Pages" {
		title = capitalise(col + " " + line.Name)
	}
	ship := storeInput(v).Shipping[0]
	desc := fmt.Sprintf("<p>%s</p><p>From the <strong>%s</strong> collection by %s. %s</p><ul><li>Weight: %s</li>"+
		"<li>Ships from %s in %d to %d working days</li><li>%d-day returns</li></ul>",
		line.About, col, v.Store, firstSentence(v.About), weight(line.Weight), v.City, ship.MinDays, ship.MaxDays, v.ReturnDays)
	tags := []string{strings.ToLower(col)}
	for _, w := range strings.Fields(strings.ToLower(line.Name)) {
		if len(w) > 3 && len(tags) < 6 && !strings.ContainsAny(w, ",()") {
			tags = append(tags, w)
		}
	}
	luxury := v.Luxury || line.Category == "Fine Watches & Jewels"
	por := v.Luxury && ((line.Name == "travel trunk" && (ci == 0 || ci == 3)) || (line.Name == "automatic chronograph" && ci == 5))
	// Variants: the options' combinations, at most six; each value used keeps its place.
	combos := [][]string{{}}
	for _, o := range line.Options {
		var next [][]string
		for _, c := range combos {
			for _, val := range o[1:] {
				next = append(next, append(append([]string{}, c...), val))
			}
		}
		combos = next
	}
	if len(combos) > 6 {
		combos = combos[:6]
	}
	var opts []catalog.Option
	for oi, o := range line.Options {
		var used []string
		for _, c := range combos {
			if !contains(used, c[oi]) {
				used = append(used, c[oi])
			}
		}
		opts = append(opts, catalog.Option{Name: o[0], Values: used})
	}
	factor := 0.85 + 0.4*hash01(seed, 0)
	base := roundTo(float64(line.Price)*factor, 500)
	initials := ""
	for _, w := range strings.Fields(strings.NewReplacer("&", "", ".", "").Replace(v.Store)) {
		initials += strings.ToUpper(w[:1])
	}
	variants := make([]catalog.VariantInput, len(combos))
	for i, c := range combos {
		price := base
		if len(c) > 0 && len(line.Options[len(line.Options)-1]) > 2 { // a bigger size costs more
			price = roundTo(float64(base)*(1+0.12*float64(indexOf(line.Options[len(line.Options)-1][1:], c[len(c)-1]))), 500)
		}
		vo := map[string]string{}
		for oi, val := range c {
			vo[line.Options[oi][0]] = val
		}
		h := hash01(seed, 10+i)
		stock := 5 + int(h*1000)%56
		switch {
		case h < 0.08:
			stock = 0
		case h < 0.2:
			stock = 1 + int(h*1000)%3
		}
		if luxury {
			stock = 1 + int(h*10)%4
		}
		va := catalog.VariantInput{Options: vo, SKU: fmt.Sprintf("%s-%03d-%d", initials, k+1, i+1), Price: price * 100,
			Stock: stock, WeightGrams: line.Weight}
		if (k+i)%6 == 2 && !por {
			va.CompareAt = roundTo(float64(price)*1.25, 500) * 100
		}
		if por {
			va.Price = 0
		}
		variants[i] = va
	}
	cat := cats[line.Category]
	brand := v.Brand
	profile := "standard"
	switch line.Shape {
	case "bowl", "mug":
		profile = "fragile"
	case "tent", "suitcase":
		if line.Weight > 4000 {
			profile = "oversized"
		}
	}
	if opts == nil {
		opts = []catalog.Option{}
	}
	return catalog.ProductInput{Title: &title, Description: &desc, CategoryID: &cat, Brand: &brand, Tags: &tags,
		Options: &opts, ShippingProfile: &profile, Luxury: &luxury, PriceOnRequest: &por, Variants: &variants}, luxury
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i > 0 {
		return s[:i+1]
	}
	return s
}

func weight(g int) string {
	if g >= 1000 {
		return fmt.Sprintf("%.1f kg", float64(g)/1000)
	}
	return fmt.Sprintf("%d g", g)
}

func roundTo(x float64, step int64) int64 {
	n := int64(x+float64(step)/2) / step * step
	if n < step {
		n = step
	}
	return n
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return 0
}

func contains(xs []string, x string) bool { return indexOf(xs, x) > 0 || (len(xs) > 0 && xs[0] == x) }

// email is the store owner's sign-in.
func (v ShopVendor) email() string {
	if v.Person.Email != "" {
		return v.Person.Email
	}
	return v.Email
}
