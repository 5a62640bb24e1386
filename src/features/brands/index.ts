export { brandsAdminRoutes } from './brands.admin.js';
