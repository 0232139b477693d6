import { router } from "@/server/trpc/init";
import { addArticleToModule } from "./add-article-to-module";
import { createArticle } from "./create-article";
import { createModule } from "./create-module";
import { getArticle } from "./get-article";
import { getModule } from "./get-module";
import { listArticles } from "./list-articles";
import { listBases } from "./list-bases";
import { listModules } from "./list-modules";
import { publishArticle } from "./publish-article";
import { removeArticleFromModule } from "./remove-article-from-module";
import { unpublishArticle } from "./unpublish-article";
import { updateDraft } from "./update-draft";
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
