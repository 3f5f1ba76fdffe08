/**
 * Every call the web app makes, by method and path: what it answers (`response`), what it sends
 * (`body`) and, where the contracts type it, what it asks in the query string (`query`). Types only
 * (decision 017: the web app imports only types from the contracts, so no zod value reaches the
 * browser); the web's API client (apps/web/src/lib/api-client.ts) keys its methods by this map
 * (decision 057). A path parameter is written `{name}`; the client fills it in, encoded.
 */
import type {
  ChangePasswordBody,
  LeadIdentity,
  LoginBody,
  MessageResponse,
  RegisterResponse,
  RemovalRequestBody,
  ResetPasswordBody,
  ResetPasswordResponse,
  SessionResponse,
  SocialBody,
  TmpTokenBody,
  TokenResponse,
  User,
} from "./account.ts";
import type { AnalyticsEventBody } from "./analytics.ts";
import type { ComingSoonLeadBody, ComingSoonLeadResponse, ComingSoonResponse } from "./coming-soon.ts";
import type { z } from "zod";
import type {
  AccountStatusResponse,
  ActivityResponse,
  CollectionResponse,
  ContentCardList,
  ContentCardPage,
  ContentItemResponse,
  ContentRef,
  FavoriteResponse,
  PlanResponse,
  ScreenResponse,
  SessionReportBody,
  SessionReportResponse,
  SessionStatisticsResponse,
  ShareResponse,
  SignedCookiesResponse,
  TagListResponse,
} from "./content.ts";
import type { FaqListQuery, FaqListResponse } from "./faq.ts";
import type {
  AcceptInvitationBody,
  AuditPage,
  ConfirmInvitationBody,
  InvitationInfo,
  StaffChallenge,
  StaffInviteBody,
  StaffList,
  StaffMe,
  StaffRoleBody,
  StaffSession,
  StaffSessions,
  StaffSignInBody,
  StaffVerifyBody,
  TotpEnrollment,
} from "./staff.ts";
import type {
  ClearPurchaseResponse,
  ComplimentaryBody,
  ComplimentaryResponse,
  MemberDetail,
  MemberSearchResults,
  RefundBody,
  RefundResponse,
  ResendResponse,
} from "./support.ts";
import type { DashboardFunnels, DashboardMoney, DashboardSubscriptions } from "./dashboards.ts";
import type {
  CreateEditorItemBody,
  DataFilesResponse,
  EditorItemList,
  EditorItemResponse,
  EditorItemSaved,
  PublishBody,
  ShelfItemsBody,
  ShelfSaved,
  ShelvesResponse,
  UpdateEditorItemBody,
  WithdrawBody,
} from "./content-editor.ts";
import type { FirstWeekResponse, LeadAccountBody, LeadAccountResponse, LeadBody, LeadResponse, VslResponse } from "./lead.ts";
import type { MixBody, MixList, MixResponse } from "./mixer.ts";
import type { DeletedResponse, NoteBody, NoteList, NoteResponse } from "./notes.ts";
import type {
  ChangePlanBody,
  PurchaseResponse,
  SandboxCardConfirmBody,
  SandboxCardConfirmResponse,
  SavePaymentMethodBody,
  SetupIntentResponse,
  UpgradePreviewResponse,
  WalletCheckoutResponse,
  WalletReturnBody,
} from "./payments.ts";
import type { CheckoutResponse, PackageListResponse, PackageResponse } from "./plans.ts";
import type { ContinueList, PositionBody, PositionResponse } from "./positions.ts";
import type { PremiumSummaryResponse } from "./premium-summary.ts";
import type { AchievementList, QuoteResponse } from "./progress.ts";
import type { QuizAnswerBody, QuizAnswerResponse, QuizBuilderResponse, QuizResponse } from "./quiz.ts";
import type { BillingResponse, Receipt, ReceiptListResponse } from "./receipts.ts";
import type { LandingPageResponse, SalesPageResponse } from "./sales-pages.ts";
import type { WorkbookCardList, WorkbookEntryBody, WorkbookEntryList, WorkbookEntryResponse, WorkbookResponse } from "./workbooks.ts";

/** One call: its answer, and what it sends where it sends something. */
export interface Endpoint {
  response: unknown;
  body?: unknown;
  query?: unknown;
}

/** An answer with no body worth reading (204, or a body nobody reads). */
type Empty = unknown;

export interface Endpoints {
  // The member and their session.
  "GET user": { response: User };
  "PUT user": { response: User };
  "POST user": { response: RegisterResponse };
  "POST user/token": { response: TokenResponse; body: LoginBody };
  "DELETE user/token": { response: Empty };
  "POST user/token/refresh": { response: SessionResponse };
  "POST user/auth/{provider}": { response: TokenResponse; body: SocialBody };
  "POST authorization-by-tmp-token/{email}": { response: TokenResponse; body: TmpTokenBody };
  "GET user/recovery-password": { response: MessageResponse; query: { email: string } };
  "POST user/recovery-password": { response: ResetPasswordResponse; body: ResetPasswordBody };
  "PATCH user/password": { response: MessageResponse; body: ChangePasswordBody };
  "POST user/request-remove": { response: MessageResponse; body: RemovalRequestBody };
  "POST user/confirm-remove/{code}": { response: MessageResponse; body: { device_name: string } };
  "POST user/confirm-email/{code}": { response: MessageResponse; body: Record<string, never> };
  "GET user/account-status": { response: AccountStatusResponse };
  "GET premium-summary": { response: PremiumSummaryResponse };

  // Leads, quizzes and the pages a lead sees.
  "POST lead": { response: LeadResponse; body: LeadBody };
  "GET lead/{id}": { response: LeadResponse };
  "GET lead/statistic/{statisticId}": { response: LeadIdentity };
  "POST lead/{id}/account": { response: LeadAccountResponse; body: LeadAccountBody };
  "GET quiz": { response: QuizResponse; query: { platform: "web" } };
  "GET quiz/web/{slug}": { response: QuizResponse };
  "POST quiz": { response: QuizAnswerResponse; body: QuizAnswerBody };
  "GET quiz/first-week": { response: FirstWeekResponse; query: { goal: string } };
  "GET quiz-builder/{slug}": { response: QuizBuilderResponse };
  "GET vsl/{slug}": { response: VslResponse };
  "GET sales-page/{slug}": { response: SalesPageResponse };
  "GET lp/{lp}": { response: LandingPageResponse };
  "GET coming-soon": { response: ComingSoonResponse };
  "GET coming-soon/{key}": { response: ComingSoonResponse };
  "POST coming-soon/lead/": { response: ComingSoonLeadResponse; body: ComingSoonLeadBody };
  "GET faq": { response: FaqListResponse; query: Partial<FaqListQuery> };
  "POST events": { response: Empty; body: AnalyticsEventBody };

  // Buying: plans, checkouts, payment and the subscription.
  "GET package/web": { response: PackageListResponse };
  "GET package/{id}": { response: PackageResponse };
  "GET checkout/{id}": { response: CheckoutResponse };
  "GET user/checkout/{id}": { response: CheckoutResponse };
  "GET stripe/setup-intent": { response: SetupIntentResponse };
  "POST stripe/payment-method": { response: PurchaseResponse; body: SavePaymentMethodBody };
  "GET paypal/subscription": { response: WalletCheckoutResponse };
  "POST paypal/success-transaction": { response: PurchaseResponse; body: WalletReturnBody };
  "GET paypal/cancel-transaction": { response: Empty; query: { token: string } };
  /** The form sends what the person typed; the server reads the numbers out of it. */
  "POST sandbox/card/confirm": { response: SandboxCardConfirmResponse; body: z.input<typeof SandboxCardConfirmBody> };
  "GET {provider}/subscription/preview": { response: UpgradePreviewResponse; query: { package_id: string } };
  "PUT {provider}/subscription": { response: PurchaseResponse; body: ChangePlanBody };
  "DELETE subscription/web/cancel/{provider}": { response: Empty };
  "POST subscription/web/resume/{provider}": { response: MessageResponse };
  "GET user/billing": { response: BillingResponse };
  "GET user/receipts": { response: ReceiptListResponse };
  "GET user/receipts/{id}": { response: Receipt };

  // The catalogue.
  "GET screen/{name}": { response: ScreenResponse };
  "GET {model}": { response: ContentCardPage };
  "GET {model}/{id}": { response: ContentItemResponse };
  "GET {model}/{id}/recommendations": { response: ContentCardList };
  "GET search": { response: ContentCardPage };
  "GET collection/{id}": { response: CollectionResponse };
  "GET tags": { response: TagListResponse };
  "GET recommendation": { response: ContentCardList };
  "GET recently-played": { response: ContentCardList };
  "GET favorite": { response: ContentCardList };
  "GET personal-plan-by-day": { response: PlanResponse };
  "GET music-soundscape": { response: ContentCardPage };

  // What the member does while listening.
  "POST user/views": { response: ActivityResponse; body: ContentRef };
  "POST user/history": { response: ActivityResponse; body: ContentRef };
  "POST user/shares": { response: ShareResponse; body: ContentRef };
  "POST user/sessions": { response: SessionReportResponse; body: SessionReportBody };
  "GET user/sessions": { response: SessionStatisticsResponse };
  "POST user/favorite": { response: FavoriteResponse; body: ContentRef };
  "DELETE user/favorite": { response: FavoriteResponse; body: ContentRef };
  "GET user/positions/{id}": { response: PositionResponse };
  "DELETE user/positions/{id}": { response: Empty };
  "PUT user/positions/{id}": { response: Empty; body: PositionBody };
  "GET user/continue": { response: ContinueList };
  "GET user/cloudfront-cookies": { response: SignedCookiesResponse };
  "GET user/mixes": { response: MixList };
  "POST user/mixes": { response: MixResponse; body: MixBody };
  "DELETE user/mixes/{id}": { response: Empty };

  // Progress, notes and workbooks.
  "GET quote": { response: QuoteResponse; query: { rand: "true" } };
  "GET user/achievements": { response: AchievementList };
  "GET user/notes": { response: NoteList; query: { page: number; per_page: number } };
  "GET user/notes/{id}": { response: NoteResponse };
  "POST user/notes": { response: NoteResponse; body: NoteBody };
  "PUT user/notes/{id}": { response: NoteResponse; body: NoteBody };
  "DELETE user/notes/{id}": { response: DeletedResponse };
  "GET workbooks": { response: WorkbookCardList };
  "GET workbook/{id}": { response: WorkbookResponse };
  "GET user/workbook": { response: WorkbookEntryList; query: { page: number; per_page: number } };
  "GET user/workbook/{id}": { response: WorkbookEntryResponse };
  "POST user/workbook": { response: WorkbookEntryResponse; body: WorkbookEntryBody };
  "DELETE user/workbook/{id}": { response: Empty };

  // The operator console (decision 067): staff calls, sent with the staff session's token.
  "POST admin/sign-in": { response: StaffChallenge; body: StaffSignInBody };
  "POST admin/sign-in/verify": { response: StaffSession; body: StaffVerifyBody };
  "GET admin/invitations/{token}": { response: InvitationInfo };
  "POST admin/invitations/{token}/accept": { response: TotpEnrollment; body: AcceptInvitationBody };
  "POST admin/invitations/{token}/confirm": { response: StaffSession; body: ConfirmInvitationBody };
  "GET admin/me": { response: StaffMe };
  "POST admin/sign-out": { response: MessageResponse };
  "GET admin/sessions": { response: StaffSessions };
  "DELETE admin/sessions/{id}": { response: MessageResponse };
  "GET admin/staff": { response: StaffList };
  "POST admin/staff": { response: StaffMe; body: StaffInviteBody };
  "PATCH admin/staff/{id}": { response: StaffMe; body: StaffRoleBody };
  "POST admin/staff/{id}/disable": { response: StaffMe };
  "GET admin/audit": { response: AuditPage; query: { page: number; per_page: number } };
  "GET admin/members": { response: MemberSearchResults; query: { q: string } };
  "GET admin/members/{id}": { response: MemberDetail };
  "POST admin/members/{id}/complimentary": { response: ComplimentaryResponse; body: ComplimentaryBody };
  "POST admin/members/{id}/emails/{emailId}/resend": { response: ResendResponse };
  "POST admin/members/{id}/subscription/cancel/{provider}": { response: MessageResponse };
  "POST admin/members/{id}/removal": { response: MessageResponse };
  "POST admin/members/{id}/payments/{paymentId}/refund": { response: RefundResponse; body: RefundBody };
  "POST admin/members/{id}/purchases/{purchaseId}/clear": { response: ClearPurchaseResponse };
  "GET admin/dashboard/money": { response: DashboardMoney; query: { from?: string; to?: string } };
  "GET admin/dashboard/subscriptions": { response: DashboardSubscriptions; query: { from?: string; to?: string } };
  "GET admin/dashboard/funnels": { response: DashboardFunnels; query: { from?: string; to?: string } };
  "POST admin/members/{id}/subscription/resume/{provider}": { response: MessageResponse };
  "GET admin/content": { response: EditorItemList; query: { q?: string; state?: string; page?: number; per_page?: number } };
  "GET admin/content/{id}": { response: EditorItemResponse };
  "POST admin/content": { response: EditorItemSaved; body: CreateEditorItemBody };
  "PUT admin/content/{id}": { response: EditorItemSaved; body: UpdateEditorItemBody };
  "POST admin/content/{id}/publish": { response: EditorItemSaved; body: PublishBody };
  "POST admin/content/{id}/withdraw": { response: EditorItemSaved; body: WithdrawBody };
  "GET admin/shelves": { response: ShelvesResponse };
  "GET admin/data-files": { response: DataFilesResponse };
  "PUT admin/shelves/{kind}/{id}": { response: ShelfSaved; body: ShelfItemsBody };
}
