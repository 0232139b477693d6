import { router } from "@/server/trpc/init";
import { addArticleToModule } from "./console/add-article-to-module";
import { createArticle } from "./console/create-article";
import { createModule } from "./console/create-module";
import { getArticle } from "./console/get-article";
import { getModule } from "./console/get-module";
import { listArticles } from "./console/list-articles";
import { listBases } from "./console/list-bases";
import { listModules } from "./console/list-modules";
import { publishArticle } from "./console/publish-article";
import { removeArticleFromModule } from "./console/remove-article-from-module";
import { unpublishArticle } from "./console/unpublish-article";
import { updateDraft } from "./console/update-draft";
import { v1AddArticleToModule } from "./v1-add-article-to-module";
import { v1CreateArticle } from "./v1-create-article";
import { v1CreateModule } from "./v1-create-module";

// Console procedures (cookie) and the three machine routes of spec 4.4 (yk_ / yku_), which
// share their contracts and services.
export const knowledgeRouter = router({
  listBases,
  listArticles,
  getArticle,
  createArticle,
  updateDraft,
  publishArticle,
  unpublishArticle,
  listModules,
  getModule,
  createModule,
  addArticleToModule,
  removeArticleFromModule,
  v1CreateModule,
  v1CreateArticle,
  v1AddArticleToModule,
});
