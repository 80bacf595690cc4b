using Alpha;

namespace App
{
    public class Main
    {
        void Run(string item)
        {
            var repo = new Repo();
            repo.Save(item);
        }
    }
}
