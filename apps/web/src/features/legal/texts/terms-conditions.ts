import type { LegalDocument } from "../legal-document";

export const termsConditions: LegalDocument = {
  title: "Terms and Conditions",
  revised: "Last revised: August 2022",
  intro: [
    "These Terms and Conditions apply when you buy a {product} plan, start a free trial or receive access through a corporate subscription. They sit alongside our Terms of Service, which cover how you use {product}, and our Privacy Policy, which explains how we handle your personal data.",
    '{product} is operated by a company based in Bulgaria, in the European Union ("we", "us", "our"). Please read these terms before you buy. If you have any questions, write to us at {email}.',
  ],
  sections: [
    {
      heading: "1. Who can buy",
      paragraphs: [
        "You must be at least 18 years old to make a purchase. If you are 16 or 17, you may use {product}, but a parent or legal guardian must make the purchase for you and accept these terms on your behalf. {product} is not available to anyone under 16.",
        "By buying, you confirm that you are entitled to use the payment method you choose.",
      ],
    },
    {
      heading: "2. Our plans",
      paragraphs: ["We offer the following individual plans:"],
      list: [
        "Monthly plan: a subscription paid every month in advance. It renews automatically each month until you cancel.",
        "Yearly plan: a subscription paid once a year in advance, which may start with a 7-day free trial. It renews automatically each year until you cancel.",
        "Lifetime plan: a one-time purchase that gives you access to premium content for as long as we offer {product}. It does not renew, and there are no further charges.",
      ],
      after: [
        "From time to time we may also offer subscriptions with other billing periods; they work like the monthly plan, for the period shown. Companies and other organisations can also give {product} to their people through a corporate subscription (see section 12).",
        "The plans, prices and currency available to you are shown on the plan page and at checkout before you pay. Depending on your region, prices are shown in euros or US dollars.",
      ],
    },
    {
      heading: "3. What your plan includes",
      paragraphs: [
        "A paid plan, an active free trial or a corporate subscription unlocks all premium content and features of {product}, including the items that are locked for free members. Without one, you can still use the free content.",
        "The full experience is designed for phones with our iOS and Android apps, and you can use the same account in the web app.",
      ],
    },
    {
      heading: "4. Free trial",
      paragraphs: [
        "The yearly plan may start with a 7-day free trial. Nothing is charged when you start it (the amount due today is 0.00), and you get full access straight away:",
      ],
      list: [
        "Today: your trial starts and you have full access to {product}.",
        "Day 5: we send you a reminder that your trial is about to end.",
        "Day 7: your trial ends and, unless you have cancelled before then, you are charged for the first year of the yearly plan.",
      ],
      after: [
        "A free trial turns into a paid subscription automatically unless you cancel before the trial ends. You can cancel at any time during the trial in Settings > Subscription or by e-mail to {email}, and you will not be charged.",
        "Free trials are offered once per person. We may refuse a trial if you have already used one.",
      ],
    },
    {
      heading: "5. Billing and automatic renewal",
      paragraphs: [
        "Subscriptions are prepaid: you pay at the start of each billing period for the period ahead.",
        "Subscriptions renew automatically at the end of each billing period, and we charge the payment method you used, unless you cancel before the renewal date. By buying a subscription or starting a free trial, you authorise these recurring charges.",
        "The first year of the yearly plan may be offered at a discounted price. When the yearly plan renews, it renews at the regular, non-discounted yearly price, which is shown to you at checkout.",
        "We send a receipt by e-mail for every payment.",
      ],
    },
    {
      heading: "6. Prices and price changes",
      paragraphs: [
        "Prices are shown on the plan page and at checkout before you pay, together with any discount and the amount due today. Introductory and promotional prices apply only to the period stated in the offer.",
        "We may change our prices from time to time. If the price of your subscription changes, we will tell you at least 30 days before the new price applies to you, and it will apply only from your first renewal after that notice period. If you do not want to pay the new price, you can cancel before that renewal.",
        "A price change never affects a period you have already paid for, or a lifetime plan you have already bought.",
      ],
    },
    {
      heading: "7. Payment methods and providers",
      paragraphs: [
        "You can pay by card or through a wallet payment provider. Card payments are handled by our card payment processor, and wallet payments by the wallet payment provider. Each of them processes your payment details under its own terms and privacy policy.",
        "We never receive or store your full card number.",
        "If a payment fails, we may try again later. If it still cannot be collected, we may pause your access to premium content until the payment succeeds or the subscription ends.",
      ],
    },
    {
      heading: "8. Taxes",
      paragraphs: [
        "Prices for consumers include value added tax (VAT) and any other sales taxes that apply, unless checkout states otherwise. The tax depends on where you live.",
        "Your bank or card issuer may charge currency conversion or foreign transaction fees if you pay in a currency other than your own. We do not control these fees.",
      ],
    },
    {
      heading: "9. Cancelling your subscription",
      paragraphs: ["You can cancel at any time:"],
      list: [
        "online in your profile, under Settings > Subscription; or",
        "by e-mail to {email}, ideally from the e-mail address of your account.",
      ],
      after: [
        "To avoid the next charge, cancel before your renewal date. To avoid being charged after a free trial, cancel before the trial ends.",
        "When you cancel a paid subscription, it will not renew, and you keep access to premium content until the end of the period you have already paid for. Cancelling does not by itself refund the current period, unless you use your right of withdrawal (see section 10).",
      ],
    },
    {
      heading: "10. Your 14-day right of withdrawal",
      paragraphs: [
        "If you are a consumer in the European Union, you can withdraw from your purchase within 14 days without giving any reason. The 14 days start on the day the contract is concluded, which is the day you buy your plan or start your free trial.",
        "Free trials count towards these 14 days. For example, if you start the 7-day free trial of the yearly plan, your first charge happens on day 7, and you can still withdraw during the remaining 7 days until the 14-day period ends.",
        "Because {product} gives you digital content straight away, we ask at checkout for your express request that we start supplying it during the withdrawal period. Starting to listen does not take away your right to withdraw within the 14 days. If you withdraw after you have started using paid access, we refund what you paid, minus, where the law allows, an amount proportionate to what was supplied until you told us you were withdrawing.",
        'To withdraw, send a clear statement of your decision to {email} before the 14 days run out, for example: "I withdraw from my {product} subscription." We will refund you within 14 days of receiving your statement, using the payment method you used, at no extra cost to you.',
      ],
    },
    {
      heading: "11. Refunds",
      paragraphs: [
        "Payments are non-refundable, except as these terms provide: when you use your right of withdrawal, or where the law gives you a right to a refund, for example if {product} is not provided as described.",
        "Some promotional offers come with their own money-back guarantee. Where that is the case, its conditions are shown on the offer page, and we honour them as described.",
        "To ask for a refund, write to {email} with the e-mail address of your account and, if you have it, your receipt. Refunds are paid back to the original payment method.",
      ],
    },
    {
      heading: "12. Corporate subscriptions",
      paragraphs: [
        "Your employer or another organisation may give you access to {product} through a corporate subscription. In that case the organisation pays for it under its own agreement with us, and you do not pay anything yourself.",
        "Your access lasts as long as the organisation keeps you on its corporate subscription. When it ends, you lose access to premium content but keep your account and the free content, and you can choose to buy an individual plan.",
        "Your employer does not see your notes, workbook entries, quiz answers or listening history. As a member, you are bound by our Terms of Service, and our Privacy Policy applies to you.",
      ],
    },
    {
      heading: "13. Changing your plan",
      paragraphs: [
        "If you have a monthly subscription, you can upgrade to the yearly plan in Settings > Subscription. Before you confirm, we show you the price and when the new plan starts.",
        "To move from a yearly plan to a monthly plan, cancel your yearly plan and choose the monthly plan when your paid year ends.",
      ],
    },
    {
      heading: "14. Deleting your account",
      paragraphs: [
        "If you delete your account, your access to premium content ends, including access under a lifetime plan, and your data is deleted as described in our Privacy Policy. Deleting your account does not by itself entitle you to a refund.",
        "If you have a paid subscription, please cancel it before you delete your account so that no further renewal is charged.",
      ],
    },
    {
      heading: "15. Changes to these terms",
      paragraphs: [
        "We may update these terms from time to time. The date at the top shows when they were last revised. If we make an important change, we will tell you in advance by e-mail or in the app.",
        "Changes do not affect a period you have already paid for. Price changes always follow section 6.",
      ],
    },
    {
      heading: "16. Contact us",
      paragraphs: [
        "For questions about purchases, billing, cancellation, withdrawal or refunds, please write to us at {email}. Include the e-mail address of your account so that we can find your subscription quickly.",
      ],
    },
  ],
};
