import type { App } from '../../http/app-types.js';
import { createAssetRoute } from './create-asset.route.js';
import { getAssetRoute } from './get-asset.route.js';
import { searchAssetsRoute } from './search-assets.route.js';

/** POST /v0/assets, GET /v0/assets/search, GET /v0/assets/{asset_id} */
export function assetsRoutes(app: App): void {
  createAssetRoute(app);
  searchAssetsRoute(app);
  getAssetRoute(app);
}
