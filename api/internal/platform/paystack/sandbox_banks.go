package paystack

// The sandbox's bank list: a fixed, realistic subset of what Paystack's
// GET /bank answers per currency (real names, slugs and codes), enough to
// build and test payout screens. USD has no local banks on Paystack, so its
// list is empty.

func nuban(id int64, name, slug, code, longcode string) Bank {
	return Bank{ID: id, Name: name, Slug: slug, Code: code, LongCode: longcode, Country: "Nigeria",
		Currency: "NGN", Type: "nuban", Active: true, SupportsTransfer: true, PayWithBank: false}
}

func bankIn(id int64, country, currency, typ, name, slug, code string) Bank {
	return Bank{ID: id, Name: name, Slug: slug, Code: code, Country: country, Currency: currency, Type: typ,
		Active: true, SupportsTransfer: true}
}

var sandboxBanks = map[string][]Bank{
	"NGN": {
		nuban(1, "Access Bank", "access-bank", "044", "044150149"),
		nuban(3, "Ecobank Nigeria", "ecobank-nigeria", "050", "050150010"),
		nuban(6, "Fidelity Bank", "fidelity-bank", "070", "070150003"),
		nuban(7, "First Bank of Nigeria", "first-bank-of-nigeria", "011", "011151003"),
		nuban(9, "Guaranty Trust Bank", "guaranty-trust-bank", "058", "058152036"),
		nuban(67, "Kuda Bank", "kuda-bank", "50211", ""),
		nuban(171, "OPay Digital Services Limited (OPay)", "paycom", "999992", "110005"),
		nuban(172, "PalmPay", "palmpay", "999991", "110001"),
		nuban(283, "Moniepoint MFB", "moniepoint-mfb-ng", "50515", ""),
		nuban(13, "Polaris Bank", "polaris-bank", "076", "076151006"),
		nuban(14, "Stanbic IBTC Bank", "stanbic-ibtc-bank", "221", "221159522"),
		nuban(16, "Sterling Bank", "sterling-bank", "232", "232150016"),
		nuban(17, "Union Bank of Nigeria", "union-bank-of-nigeria", "032", "032080474"),
		nuban(18, "United Bank For Africa", "united-bank-for-africa", "033", "033153513"),
		nuban(20, "Wema Bank", "wema-bank", "035", "035150103"),
		nuban(21, "Zenith Bank", "zenith-bank", "057", "057150013"),
	},
	"GHS": {
		bankIn(301, "Ghana", "GHS", "ghipss", "Absa Bank Ghana Ltd", "absa-bank-ghana-ltd", "030100"),
		bankIn(302, "Ghana", "GHS", "ghipss", "Access Bank Ghana", "access-bank-ghana", "280100"),
		bankIn(303, "Ghana", "GHS", "ghipss", "Ecobank Ghana", "ecobank-ghana", "130100"),
		bankIn(304, "Ghana", "GHS", "ghipss", "GCB Bank Limited", "gcb-bank-limited", "040100"),
		bankIn(305, "Ghana", "GHS", "ghipss", "Stanbic Bank Ghana", "stanbic-bank-ghana", "190100"),
		bankIn(306, "Ghana", "GHS", "mobile_money", "MTN", "mtn-gh", "MTN"),
		bankIn(307, "Ghana", "GHS", "mobile_money", "Telecel Ghana", "vodafone-gh", "VOD"),
	},
	"KES": {
		bankIn(401, "Kenya", "KES", "kepss", "Equity Bank", "equity-bank-ke", "68"),
		bankIn(402, "Kenya", "KES", "kepss", "KCB Bank", "kcb-bank-ke", "01"),
		bankIn(403, "Kenya", "KES", "kepss", "Co-operative Bank of Kenya", "co-operative-bank-ke", "11"),
		bankIn(404, "Kenya", "KES", "kepss", "NCBA Bank", "ncba-bank-ke", "07"),
		bankIn(405, "Kenya", "KES", "mobile_money", "M-PESA", "mpesa", "MPESA"),
	},
	"ZAR": {
		bankIn(501, "South Africa", "ZAR", "basa", "Absa Bank Limited", "absa-za", "632005"),
		bankIn(502, "South Africa", "ZAR", "basa", "Capitec Bank", "capitec-bank-za", "470010"),
		bankIn(503, "South Africa", "ZAR", "basa", "First National Bank", "first-national-bank-za", "250655"),
		bankIn(504, "South Africa", "ZAR", "basa", "Nedbank", "nedbank-za", "198765"),
		bankIn(505, "South Africa", "ZAR", "basa", "Standard Bank", "standard-bank-za", "051001"),
	},
}

// currencyOfCountry maps GET /bank's country filter to a currency.
var currencyOfCountry = map[string]string{"nigeria": "NGN", "ghana": "GHS", "kenya": "KES", "south africa": "ZAR"}

// PayoutCountries are the countries Paystack pays out to, by ISO 3166-1
// alpha-2 code: the name GET /bank's country filter takes and the currency of
// transfers there.
var PayoutCountries = map[string]PayoutCountry{
	"NG": {Name: "nigeria", Currency: "NGN"},
	"GH": {Name: "ghana", Currency: "GHS"},
	"KE": {Name: "kenya", Currency: "KES"},
	"ZA": {Name: "south africa", Currency: "ZAR"},
}

// PayoutCountry is a country Paystack pays out to.
type PayoutCountry struct {
	Name     string
	Currency string
}

// countryOfCurrency is GET /bank's country filter for a payout currency.
func countryOfCurrency(currency string) string {
	for _, c := range PayoutCountries {
		if c.Currency == currency {
			return c.Name
		}
	}
	return ""
}

func banksOf(currency string) []Bank { return sandboxBanks[currency] }

func bankByCode(currency, code string) (Bank, bool) {
	for _, b := range sandboxBanks[currency] {
		if b.Code == code {
			return b, true
		}
	}
	return Bank{}, false
}
