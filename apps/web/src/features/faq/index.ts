export { FaqList } from "./components/faq-list";
export { faqQueryOptions, getFaq, useFaq } from "./api/get-faq";
