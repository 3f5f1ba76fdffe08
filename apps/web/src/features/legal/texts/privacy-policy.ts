import type { LegalDocument } from "../legal-document";

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  revised: "Last revised: August 2022",
  intro: [
    'This Privacy Policy explains how {product} collects, uses, shares and protects your personal data when you use our website, web app and mobile apps (together, the "Service"). We have tried to write it in plain language. If anything is unclear, please write to us at {email}.',
    "{product} is a wellbeing service. Some of what you share with us, such as your quiz answers or the notes you write, can be personal and sensitive, and we treat it with particular care.",
  ],
  sections: [
    {
      heading: "1. Who we are",
      paragraphs: [
        "{product} is operated by a company based in Bulgaria, a member state of the European Union. That company is the controller of your personal data: it decides why and how your data is processed and is responsible for it under the EU General Data Protection Regulation (GDPR) and Bulgarian data protection law.",
        'In this policy, "we", "us" and "our" mean that company. You can reach us about anything to do with your privacy at {email}.',
      ],
    },
    {
      heading: "2. The data we collect",
      paragraphs: ["We collect only the data we need to run {product} and to give you a useful, personal experience. This includes:"],
      list: [
        "Account data: your name, your e-mail address and your password. We never store your password in readable form; we keep only a secure hash of it. If you sign in with a third-party account, we receive the basic profile details that service shares with us, such as your name and e-mail address.",
        "Quiz answers: the answers you give in our quiz, such as your goals, age group, gender, typical day and how you have been feeling lately. We use them to build your mind profile and your personal plan.",
        "Usage and listening history: the content you open, play, finish or mark as a favourite, your sessions and mindful minutes, your streaks and achievements, and your progress through your personal plan.",
        "Notes and workbook entries: the notes and journal entries you write and the answers you enter in our CBT workbooks and worksheets.",
        "Payment records: the plan you chose, amounts, currency, dates, transaction references and the status of your subscription. Card details are entered directly with our card payment processor, and we never receive or store full card numbers.",
        "Device and log data: your browser and device type, operating system, IP address, your approximate region (worked out from your time zone, so that we can show prices in the right currency) and technical logs such as request times and errors.",
      ],
      after: ["We also keep the messages you send to our support team, together with the details we need to answer them."],
    },
    {
      heading: "3. Where your data comes from",
      paragraphs: [
        "Most of your data comes directly from you: when you take the quiz, create an account, write notes, fill in a workbook, buy a plan or contact us. Some data is created automatically as you use {product}, such as your listening history, progress statistics and technical logs.",
        "We also receive limited information from others: from a sign-in provider if you choose to sign in with another account; from our payment providers when you pay (for example, that a payment succeeded or a subscription was cancelled); and from your employer if you receive {product} through a corporate subscription (usually your name and work e-mail address, so that we can invite you).",
      ],
    },
    {
      heading: "4. Why we use your data and our legal bases",
      paragraphs: ["We use your data only for clear purposes, and each purpose has a legal basis under the GDPR:"],
      list: [
        "To create and run your account, give you access to content, save your notes, workbook entries and progress, and process your purchases: because this is necessary to perform our contract with you (Article 6(1)(b) GDPR).",
        "To tailor your mind profile, personal plan and recommendations using your quiz answers, notes and workbook entries, which may reveal information about your health: on the basis of your explicit consent (Article 9(2)(a) GDPR), which you can withdraw at any time.",
        "To measure how the Service is used through analytics, and to measure the results of our advertising: only with your consent (Article 6(1)(a) GDPR).",
        "To keep {product} secure, prevent fraud and abuse, fix errors and improve our features: on the basis of our legitimate interests (Article 6(1)(f) GDPR), which we always balance against your rights.",
        "To keep accounting and tax records and to answer lawful requests from public authorities: because the law requires us to (Article 6(1)(c) GDPR).",
      ],
      after: [
        "We send you service messages, such as account and removal confirmations, trial reminders, receipts and notices of price changes, because they are part of providing the Service. We send marketing e-mails only where the law allows it, and you can unsubscribe from them at any time.",
      ],
    },
    {
      heading: "5. Sensitive information",
      paragraphs: [
        "Your quiz answers, notes and workbook entries may say something about your mental health. We use them only to provide and personalise {product} for you. We do not sell them, we do not share them with advertisers or with your employer, and we do not use them to show you advertising.",
        "We do not make decisions about you based solely on automated processing that have legal or similarly significant effects. Your personal plan and recommendations are suggestions that you are free to follow or ignore.",
        "{product} is a wellbeing and self-help service. It is not medical treatment and is not a substitute for professional care. If you are in a crisis, please contact your local emergency services.",
      ],
    },
    {
      heading: "6. How we share your data",
      paragraphs: ["We do not sell your personal data. We share it only when it is needed, and only with:"],
      list: [
        "Service providers (processors) who work on our behalf under a written contract, follow our instructions and must keep your data secure and confidential.",
        "Payment providers, who process your payments under their own terms and privacy policies.",
        "Your employer, if you use a corporate subscription, but only the limited information needed to manage it, such as whether an invitation has been accepted. We never share your notes, workbook entries, quiz answers or listening history with your employer.",
        "Public authorities, courts or our professional advisers, when the law requires it or when it is needed to establish, exercise or defend legal claims.",
        "A buyer or successor, if our business or part of it is sold or reorganised. In that case this policy will continue to protect your data.",
      ],
    },
    {
      heading: "7. Sample list of data partners",
      paragraphs: [
        "The list below is a sample. It illustrates the categories of partners that may process personal data on our behalf; the actual providers can change over time. If you would like to know which providers we currently use, write to us at {email}.",
      ],
      list: [
        "Hosting and infrastructure: cloud servers, databases, file storage and content delivery networks that run the Service and stream audio and video to you.",
        "E-mail delivery: services that send account e-mails, removal confirmation links, trial reminders and receipts.",
        "Payment processing: a card payment processor and a wallet payment provider that handle your payments and subscriptions.",
        "Analytics: services that help us understand how {product} is used. We use them only with your consent.",
        "Customer support: tools that help us receive, track and answer your messages.",
      ],
      after: ["Each partner receives only the data it needs for its task and may not use it for its own purposes."],
    },
    {
      heading: "8. International transfers",
      paragraphs: [
        "We aim to store and process your data within the European Economic Area (EEA). Some of our partners, or their own sub-processors, may process data outside the EEA.",
        "When that happens, we make sure your data stays protected: either the country has been recognised by the European Commission as providing an adequate level of protection, or we use the European Commission's Standard Contractual Clauses together with additional safeguards where they are needed. You can ask us for more information about these safeguards at {email}.",
      ],
    },
    {
      heading: "9. How long we keep your data",
      paragraphs: [
        "We keep your personal data while you have an account with {product}, and after that only as long as we need it for the purposes described in this policy:",
      ],
      list: [
        "Account data, quiz answers, listening history, notes and workbook entries: until you delete your account.",
        "Payment records: for as long as accounting and tax laws require us to keep them.",
        "Device and log data: for the limited time needed to keep the Service secure and working, after which it is deleted or anonymised.",
        "Analytics data collected with your consent: in pseudonymised or aggregated form and for limited periods only.",
      ],
      after: ["We may keep anonymised statistics, which can no longer identify you, to understand how {product} is used."],
    },
    {
      heading: "10. Deleting your account and data",
      paragraphs: [
        "You can ask us to delete your account at any time on our account removal page, or by writing to {email}. We will send you an e-mail with a confirmation link, and your request is confirmed when you open that link.",
        "After confirmation, we delete your account and all related data, including your profile, quiz answers, listening history, notes and workbook entries, within 5 days. Backups and any remaining copies are erased within about 30 days of confirmation. The only exception is data the law requires us to keep, such as payment records for accounting and tax purposes, which we keep only as long as that law requires.",
        "Deletion cannot be undone. If you have a paid subscription, please cancel it first so that no further renewal is charged; our Terms and Conditions explain how.",
      ],
    },
    {
      heading: "11. Your rights",
      paragraphs: ["Under the GDPR you have the following rights over your personal data:"],
      list: [
        "Access: ask for a copy of the personal data we hold about you.",
        "Rectification: ask us to correct inaccurate or incomplete data. You can also change your name and e-mail address yourself in Settings > Account.",
        "Erasure: ask us to delete your data, as described above.",
        "Restriction: ask us to limit how we use your data in certain situations.",
        "Portability: receive the data you gave us in a structured, commonly used, machine-readable format, or ask us to send it to another provider.",
        "Objection: object to processing based on our legitimate interests, and to direct marketing at any time.",
        "Withdrawal of consent: where we rely on your consent, withdraw it at any time. This does not affect processing that took place before.",
      ],
      after: [
        "To use any of these rights, write to us at {email}. Using your rights is free of charge. We will answer within one month, as the law requires, and we may first ask you to confirm your identity.",
        "If you believe we have not handled your data properly, you have the right to lodge a complaint with a supervisory authority. In Bulgaria this is the Commission for Personal Data Protection. You can also contact the authority in the EU country where you live or work. We would, however, appreciate the chance to help you first.",
      ],
    },
    {
      heading: "12. Cookies and local storage",
      paragraphs: ["{product} uses a small number of cookies and similar browser storage technologies:"],
      list: [
        "Session token (strictly necessary): when you log in, we keep a session token in your browser's local storage so that you stay signed in. It is removed when you log out.",
        "Streaming cookies (strictly necessary): short-lived, signed cookies that let your browser access the audio and video you are entitled to play.",
        "Progress and preferences (strictly necessary): small pieces of data, such as your progress in the quiz, kept in local storage so that the Service works as you expect.",
        "Analytics and advertising measurement (optional): cookies and pixels that help us understand how {product} is used and measure the results of our advertising. We use these only if you consent.",
      ],
      after: [
        "Strictly necessary cookies and storage do not need your consent, because the Service cannot work without them. You can refuse optional cookies when we ask for your consent and change your choice at any time. You can also delete cookies and local storage in your browser settings; if you do, you will be signed out.",
      ],
    },
    {
      heading: "13. Children",
      paragraphs: [
        "{product} is not intended for children. You must be at least 16 years old to use it, and we do not knowingly collect personal data from anyone under 16.",
        "Users aged 16 or 17 may use {product}, but only adults aged 18 or older can make purchases. Anyone under 18 needs a parent or guardian to buy a plan for them.",
        "If you believe that a child under 16 has given us personal data, please contact us at {email} and we will delete it.",
      ],
    },
    {
      heading: "14. How we protect your data",
      paragraphs: [
        "We use technical and organisational measures suited to the sensitivity of your data. These include encrypted connections, password hashing, signed and time-limited access to media, staff access on a need-to-know basis only, and contracts that require our partners to protect your data.",
        "No system is perfectly secure, so please use a strong, unique password and keep your login details private. If a data breach is likely to put your rights at risk, we will inform you and the supervisory authority as the law requires.",
      ],
    },
    {
      heading: "15. Changes to this policy",
      paragraphs: [
        "We may update this Privacy Policy when our Service or the law changes. The date at the top shows when it was last revised.",
        "If we make important changes, we will tell you in advance by e-mail or in the app. Where a change needs your consent, we will ask for it.",
      ],
    },
    {
      heading: "16. Contact us",
      paragraphs: [
        "If you have any questions about this policy or about your personal data, or if you want to use your rights, please write to us at {email}. We are happy to help.",
      ],
    },
  ],
};
