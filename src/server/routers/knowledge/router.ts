import { router } from "@/server/trpc/init";
import { addArticleToModule } from "./add-article-to-module";
import { addArticleToModule as consoleAddArticleToModule } from "./console/add-article-to-module";
import { createArticle as consoleCreateArticle } from "./console/create-article";
import { createModule as consoleCreateModule } from "./console/create-module";
import { getArticle } from "./console/get-article";
import { getModule } from "./console/get-module";
import { listArticles } from "./console/list-articles";
import { listBases } from "./console/list-bases";
import { listModules } from "./console/list-modules";
import { publishArticle } from "./console/publish-article";
import { removeArticleFromModule } from "./console/remove-article-from-module";
import { unpublishArticle } from "./console/unpublish-article";
import { updateDraft } from "./console/update-draft";
import { createArticle } from "./create-article";
import { createModule } from "./create-module";

// Console procedures (cookie, ./console/) and the three machine routes of spec 4.4 (yk_ / yku_), which
// share their contracts and services. The v1* keys stay: they name the OpenAPI operationIds.
export const knowledgeRouter = router({
  listBases,
  listArticles,
  getArticle,
  createArticle: consoleCreateArticle,
  updateDraft,
  publishArticle,
  unpublishArticle,
  listModules,
  getModule,
  createModule: consoleCreateModule,
  addArticleToModule: consoleAddArticleToModule,
  removeArticleFromModule,
  v1CreateModule: createModule,
  v1CreateArticle: createArticle,
  v1AddArticleToModule: addArticleToModule,
});
