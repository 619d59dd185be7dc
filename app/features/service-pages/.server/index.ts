export { createServicePagesService, defaultContent, SERVICE_PAGES, ServicePageError, type ServicePagesService } from "./service";
