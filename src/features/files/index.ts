export { filesAdminRoutes } from './files.admin.js';
export { serveFileRoutes } from './serve-file.route.js';
