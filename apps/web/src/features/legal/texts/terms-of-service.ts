import type { LegalDocument } from "../legal-document";

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  revised: "Last revised: August 2022",
  intro: [
    'Welcome to {product}. These Terms of Service set out the rules for using our website, web app and mobile apps (together, the "Service"). Please read them carefully. By creating an account or using the Service, you agree to them.',
    "Purchases, subscriptions, free trials, cancellation and refunds are covered by our separate Terms and Conditions. How we handle your personal data is explained in our Privacy Policy.",
  ],
  sections: [
    {
      heading: "1. About us",
      paragraphs: [
        '{product} is operated by a company based in Bulgaria, in the European Union ("we", "us", "our"). You can contact us at any time at {email}.',
      ],
    },
    {
      heading: "2. Eligibility",
      paragraphs: [
        "You must be at least 16 years old to use {product}. By using the Service, you confirm that you meet this requirement.",
        "You must be 18 or older to make a purchase. If you are 16 or 17, a parent or legal guardian must make any purchase for you and accept our Terms and Conditions on your behalf.",
        "You may not use {product} if we have previously closed your account for a breach of these terms, or if the law that applies to you does not allow it.",
      ],
    },
    {
      heading: "3. Your account",
      paragraphs: [
        "To use most of {product}, you need an account. You can create one with your name, e-mail address and a password, or sign in with a supported third-party account.",
        "Please give accurate information and keep it up to date. Keep your password private: you are responsible for what happens under your account. Each account is for one person only and may not be shared, sold or transferred.",
        "If you think someone else has used your account, change your password in Settings > Change Password and let us know at {email}.",
      ],
    },
    {
      heading: "4. The Service",
      paragraphs: [
        "{product} offers content for mental wellbeing, including guided meditations, sleepcasts, relaxing music, nature soundscapes, breathing exercises, affirmations, body psychotherapy, cognitive behavioural therapy (CBT) courses and workbooks, and a journal for your notes, together with a personal plan, achievements and progress statistics.",
        "Some content is free for all members. Other content is locked and is available only with a paid plan, an active free trial or a corporate subscription. Locked items are marked in the app, and opening one shows you the available plans.",
        "We keep improving {product}, so content and features change over time. We may add, update or remove individual items, but we will not substantially reduce what a paid plan includes during a period you have already paid for without telling you.",
      ],
    },
    {
      heading: "5. Your licence to use our content",
      paragraphs: [
        "All content in {product}, including audio, video, text, images and workbooks, is owned by us or our licensors. Subject to these terms, we give you a personal, limited, non-exclusive, non-transferable and revocable licence to access and use the content you are entitled to, for your own private, non-commercial use.",
        "You may not copy, record, download (except through features we provide), redistribute, sell, rent, broadcast or publicly perform our content, or use it in a business, class, clinic or public place, unless we have agreed to this in writing.",
        "Links you copy and share from the app let others find an item in {product}; they do not give anyone access to locked content.",
      ],
    },
    {
      heading: "6. Your notes and workbook entries",
      paragraphs: [
        "The notes, journal entries and workbook answers you write in {product} belong to you. You allow us to store and process them only to provide the Service to you, for example to show them back to you and to track your progress.",
        "We do not publish your notes or workbook entries, and you can delete them at any time. They are also deleted when you delete your account.",
      ],
    },
    {
      heading: "7. Acceptable use",
      paragraphs: ["Please use {product} respectfully and lawfully. You agree not to:"],
      list: [
        "break any law, or use the Service for an unlawful or harmful purpose;",
        "share your account or login details, or access another person's account;",
        "copy, scrape, record or redistribute content, or get around locks, payments or other access controls;",
        "interfere with, overload or damage the Service, or try to gain unauthorised access to our systems;",
        "reverse engineer or decompile the Service, except where the law expressly allows it;",
        "use bots, scripts or other automated means to access the Service;",
        "misuse free trials or offers, for example by creating several accounts to get repeated trials;",
        "use a payment method you are not authorised to use, or make unjustified chargeback claims;",
        "harass, threaten or deceive our support team or anyone else.",
      ],
    },
    {
      heading: "8. Health disclaimer",
      paragraphs: [
        "{product} is designed to support general wellbeing and self-help. It is not a medical service and does not provide medical, psychiatric or psychological diagnosis or treatment. Our content, including the CBT courses and workbooks, is not a substitute for care from a doctor, therapist or other qualified professional.",
        "Always seek professional advice about any physical or mental health condition, and never stop or delay treatment because of something you heard or read in {product}. If you are pregnant or have a health condition, talk to a professional before doing breathing or body-based exercises, and stop any exercise that makes you feel unwell.",
        "Some content is designed to relax you or help you fall asleep. Never listen to it while driving, operating machinery or doing anything else that needs your full attention.",
        "If you are in crisis, are thinking about harming yourself or others, or need urgent help, contact your local emergency services straight away. {product} cannot respond to emergencies.",
      ],
    },
    {
      heading: "9. Devices and availability",
      paragraphs: [
        "You can use {product} in a web browser and in our iOS and Android apps. The full experience is designed for phones. You need a compatible device, an internet connection and an up-to-date browser or app; any data charges from your network provider are your own responsibility.",
        "We work hard to keep {product} available, but it may sometimes be unavailable because of maintenance, updates or events outside our control. We will try to keep any interruption short.",
      ],
    },
    {
      heading: "10. Third-party services",
      paragraphs: [
        "You may sign in with a third-party account or pay through a third-party payment provider. Those services have their own terms and privacy policies, and we are not responsible for them.",
        "Links to app stores, social networks or other websites are provided for convenience only, and we do not control their content.",
      ],
    },
    {
      heading: "11. Suspension and termination",
      paragraphs: [
        "You can stop using {product} at any time and delete your account as described below.",
        "If we reasonably suspect that you have broken these terms, misused the Service or acted fraudulently, we may suspend your account for up to 90 days while we investigate. We will tell you about the suspension and, where the investigation allows, the reason for it, and you can give us your side of the story at {email}. If the investigation shows no misconduct, we will restore your access promptly.",
        "If we confirm a serious or repeated breach, we may close your account. We may also close an account where the law requires us to.",
      ],
    },
    {
      heading: "12. Deleting your account",
      paragraphs: [
        "You can ask us to delete your account at any time on our account removal page or by writing to {email}. We will send you an e-mail with a link to confirm the request.",
        "Once you confirm, your account and all related data, including your notes, workbook entries and progress, are deleted within 5 days, and backups and any remaining copies are erased within about 30 days of confirmation. Deletion cannot be undone. Our Privacy Policy has more details.",
        "Deleting your account does not by itself entitle you to a refund. If you have a paid subscription, please cancel it before deleting your account so that it does not renew.",
      ],
    },
    {
      heading: "13. Intellectual property",
      paragraphs: [
        "{product}, its name, logo, design, software and content are protected by copyright, trademark and other laws. Apart from the limited licence in these terms, we do not give you any rights in them.",
        "If you send us feedback or ideas, we may use them to improve {product} without any obligation to you.",
        "If you believe that something in {product} infringes your rights, please write to {email} with the details.",
      ],
    },
    {
      heading: "14. Our responsibility for the Service",
      paragraphs: [
        "We provide {product} with reasonable care and skill. Beyond that, and as far as the law allows, we do not promise that the Service will be uninterrupted or error-free, or that it will produce any particular result for you. Experiences and figures we share about other users describe their results and are not a guarantee of yours.",
        "Nothing in these terms affects your statutory rights as a consumer, including your rights if digital content or a digital service does not match what was agreed.",
      ],
    },
    {
      heading: "15. Limitation of liability",
      paragraphs: [
        "Nothing in these terms excludes or limits our liability for death or personal injury caused by our negligence, for fraud, for intentional or grossly negligent conduct, or for anything else that cannot be excluded or limited by law.",
        "Subject to that, we are not liable for losses that were not reasonably foreseeable, for losses caused by your own breach of these terms, or for business losses, since {product} is for private use only. Otherwise, our total liability to you in connection with the Service is limited to the amount you paid us for {product} in the 12 months before the event that gave rise to the claim.",
      ],
    },
    {
      heading: "16. Governing law and disputes",
      paragraphs: [
        "These terms are governed by the laws of the Republic of Bulgaria. If you are a consumer living in another country of the European Union, you also keep the protection of the mandatory consumer laws of the country where you live, and nothing in these terms takes that protection away.",
        "If you have a complaint, please contact us first at {email}; most issues can be solved quickly. If we cannot reach an agreement, disputes will be decided by the competent courts of Bulgaria, but as a consumer you may also bring a claim in the courts of the country where you live, or turn to an out-of-court consumer dispute resolution body.",
      ],
    },
    {
      heading: "17. Changes to these terms",
      paragraphs: [
        "We may update these terms from time to time, for example when we change our features or when the law changes. The date at the top shows when they were last revised.",
        "If we make an important change, we will tell you in advance by e-mail or in the app. If you do not agree with the change, you can stop using {product}, cancel your subscription and delete your account before the change takes effect.",
      ],
    },
    {
      heading: "18. General",
      paragraphs: [
        "If any part of these terms is found to be invalid, the rest remains in force. If we do not enforce a right straight away, we do not give it up.",
        "You may not transfer your rights under these terms without our agreement. We may transfer ours to a company that takes over {product}, as long as your rights are not reduced.",
        "These terms, together with our Terms and Conditions and our Privacy Policy, form the whole agreement between you and us about the Service.",
      ],
    },
    {
      heading: "19. Contact us",
      paragraphs: ["If you have any questions about these terms, please write to us at {email}. We are happy to help."],
    },
  ],
};
