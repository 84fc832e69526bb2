package paystack

import (
	"bytes"
	"context"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
)

// The sandbox's hosted checkout: the page behind authorization_url, where a
// tester picks what the "customer" does. html/template escapes every value
// (the email and the callback URL come from API callers).

// checkoutOutcomes maps a posted outcome to the checkout state, the
// transaction status and Paystack's gateway_response for it.
var checkoutOutcomes = map[string]struct{ state, status, gateway string }{
	"success":   {"success", StatusSuccess, "Successful"},
	"declined":  {"declined", StatusFailed, "Declined"},
	"abandoned": {"abandoned", StatusAbandoned, "The transaction was not completed"},
}

type checkoutView struct {
	NotFound    bool
	Open        bool
	Outcome     string // the finished checkout's state
	Amount      string
	Email       string
	Reference   string
	Error       string
	CallbackURL string
}

var checkoutTemplate = template.Must(template.New("checkout").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{if .NotFound}}Checkout not found{{else}}Pay {{.Amount}}{{end}} · Sojourn sandbox checkout</title>
<style>
  :root { color-scheme: light; --ink: #1c2430; --muted: #4a5565; --line: #d5dbe3; --brand: #0b6b4f; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f3f5f8; }
  .banner { background: #fff4cc; border-bottom: 1px solid #e6c75a; padding: .6rem 1rem; text-align: center; font-weight: 600; }
  main { max-width: 26rem; margin: 2rem auto; background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1.5rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .25rem 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1.25rem; }
  dt { color: var(--muted); }
  dd { margin: 0; overflow-wrap: anywhere; }
  fieldset { border: 0; padding: 0; margin: 0; display: grid; gap: .6rem; }
  legend { font-weight: 600; margin-bottom: .5rem; }
  button { font: inherit; padding: .75rem 1rem; border-radius: .5rem; border: 1px solid var(--line); background: #fff; color: var(--ink); cursor: pointer; text-align: left; }
  button.pay { background: var(--brand); border-color: var(--brand); color: #fff; font-weight: 600; }
  button:hover { filter: brightness(.96); }
  button:focus-visible, a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .status { padding: .75rem 1rem; border-radius: .5rem; background: #eef2f7; margin-bottom: 1rem; }
  .status.success { background: #e3f4ec; }
  .status.failed { background: #fde8e8; }
  .error { color: #9b1c1c; font-weight: 600; }
  a { color: #1d4ed8; }
  footer { max-width: 26rem; margin: 0 auto 2rem; color: var(--muted); font-size: .875rem; padding: 0 1rem; }
</style>
</head>
<body>
<div class="banner" role="note">Sojourn sandbox: test payments only, no real money moves.</div>
<main>
{{- if .NotFound}}
  <h1>Checkout not found</h1>
  <p>This checkout link is not valid. Start the payment again from Sojourn.</p>
{{- else}}
  <h1>Pay Sojourn</h1>
  <p class="amount">{{.Amount}}</p>
  <dl>
    <dt>Email</dt><dd>{{.Email}}</dd>
    <dt>Reference</dt><dd>{{.Reference}}</dd>
  </dl>
  {{- if .Open}}
  {{- if .Error}}<p class="error" role="alert">{{.Error}}</p>{{end}}
  <form method="post">
    <fieldset>
      <legend>Choose how this test payment ends</legend>
      <button class="pay" type="submit" name="outcome" value="success">Pay {{.Amount}} (payment succeeds)</button>
      <button type="submit" name="outcome" value="declined">Decline the card (payment fails)</button>
      <button type="submit" name="outcome" value="abandoned">Abandon the payment</button>
    </fieldset>
  </form>
  {{- else}}
  <div role="status" class="status {{if eq .Outcome "success"}}success{{else if eq .Outcome "declined"}}failed{{end}}">
    {{- if eq .Outcome "success"}}Payment successful. This checkout is complete.
    {{- else if eq .Outcome "declined"}}The card was declined. This checkout is closed.
    {{- else}}The payment was abandoned. This checkout is closed.{{end}}
  </div>
  {{- if .CallbackURL}}<p><a href="{{.CallbackURL}}">Return to Sojourn</a></p>{{end}}
  {{- end}}
{{- end}}
</main>
<footer>
  <p>Sandbox transfers settle by the recipient's account number: ending in 0000 they fail
  (transfer.failed), ending in 9999 they succeed and are then reversed (transfer.success,
  then transfer.reversed), any other number succeeds (transfer.success).</p>
</footer>
</body>
</html>
`))

func (s *Sandbox) renderCheckout(c fiber.Ctx, status int, v checkoutView) error {
	var buf bytes.Buffer
	if err := checkoutTemplate.Execute(&buf, v); err != nil {
		return s.internal(c, "render checkout", err)
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
	c.Set("X-Content-Type-Options", "nosniff")
	c.Set("Referrer-Policy", "no-referrer")
	return c.Status(status).Send(buf.Bytes())
}

func viewOf(t *sbTransaction) checkoutView {
	v := checkoutView{
		Open: t.CheckoutState == "open", Outcome: t.CheckoutState, Amount: formatAmount(t.Amount, t.Currency),
		Email: t.Email, Reference: t.Reference,
	}
	if !v.Open && t.CallbackURL != "" {
		v.CallbackURL = callbackWithReference(t.CallbackURL, t.Reference)
	}
	return v
}

func (s *Sandbox) checkoutPage(c fiber.Ctx) error {
	t, err := s.store.transactionByAccessCode(c.Context(), c.Params("access_code"))
	if errors.Is(err, errNotFound) {
		return s.renderCheckout(c, http.StatusNotFound, checkoutView{NotFound: true})
	} else if err != nil {
		return s.internal(c, "checkout", err)
	}
	return s.renderCheckout(c, http.StatusOK, viewOf(t))
}

// checkoutSubmit records the chosen outcome. A success is announced with a
// signed charge.success before the browser is sent back, so the app has
// usually settled the payment by the time its callback page verifies it.
func (s *Sandbox) checkoutSubmit(c fiber.Ctx) error {
	ctx := c.Context()
	t, err := s.store.transactionByAccessCode(ctx, c.Params("access_code"))
	if errors.Is(err, errNotFound) {
		return s.renderCheckout(c, http.StatusNotFound, checkoutView{NotFound: true})
	} else if err != nil {
		return s.internal(c, "checkout", err)
	}
	if t.CheckoutState != "open" {
		return s.renderCheckout(c, http.StatusOK, viewOf(t))
	}
	out, known := checkoutOutcomes[c.FormValue("outcome")]
	if !known {
		v := viewOf(t)
		v.Error = "Choose one of the three outcomes."
		return s.renderCheckout(c, http.StatusBadRequest, v)
	}
	now := s.cfg.Clock.Now()
	var paidAt *time.Time
	if out.status == StatusSuccess {
		paidAt = &now
	}
	moved, err := s.store.finishCheckout(ctx, t.ID, out.state, out.status, out.gateway, c.IP(), paidAt, now)
	if err != nil {
		return s.internal(c, "checkout", err)
	}
	if t, err = s.store.transactionByAccessCode(ctx, t.AccessCode); err != nil {
		return s.internal(c, "checkout", err)
	}
	if !moved { // another submission finished it first: show what happened
		return s.renderCheckout(c, http.StatusOK, viewOf(t))
	}
	if out.status == StatusSuccess {
		dctx, cancel := context.WithTimeout(ctx, asyncTimeout)
		// A delivery that fails three times is logged by Deliver; the
		// customer still goes back, and the app can settle through verify.
		_ = s.Deliver(dctx, EventChargeSuccess, transactionJSON(t))
		cancel()
	}
	if t.CallbackURL == "" {
		return s.renderCheckout(c, http.StatusOK, viewOf(t))
	}
	c.Set(fiber.HeaderLocation, callbackWithReference(t.CallbackURL, t.Reference))
	return c.SendStatus(http.StatusFound)
}

// callbackWithReference appends trxref and reference, as Paystack does.
func callbackWithReference(callback, ref string) string {
	u, err := url.Parse(callback)
	if err != nil {
		return callback
	}
	q := u.Query()
	q.Set("trxref", ref)
	q.Set("reference", ref)
	u.RawQuery = q.Encode()
	return u.String()
}

var currencySymbols = map[string]string{"NGN": "₦", "GHS": "GH₵", "KES": "KSh ", "ZAR": "R ", "USD": "$"}

// formatAmount shows minor units in major units with grouping: every
// Paystack currency has two decimals (kobo, pesewas, cents).
func formatAmount(minor int64, currency string) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	digits := strconv.FormatInt(minor/100, 10)
	var grouped strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			grouped.WriteByte(',')
		}
		grouped.WriteRune(d)
	}
	cents := strconv.FormatInt(minor%100, 10)
	if len(cents) == 1 {
		cents = "0" + cents
	}
	sym, known := currencySymbols[currency]
	if !known {
		sym = currency + " "
	}
	return sign + sym + grouped.String() + "." + cents
}
