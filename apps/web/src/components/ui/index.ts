export { Accordion, type AccordionItem } from "./accordion";
export { Button, ButtonLink, buttonClass } from "./button";
export { Carousel } from "./carousel";
export { Dialog } from "./dialog";
export { FieldError } from "./field-error";
export { Input } from "./input";
export { Toaster } from "./toast";
export { toast, useToastStore } from "./toast-store";
export { Tooltip } from "./tooltip";
